import { decodeJwt } from 'jose'
import type * as o from 'oauth4webapi'

/** The placeholder multi-tenant providers (Microsoft Entra ID's `common` endpoint) put in their issuer. */
const PLACEHOLDER = '{tenantid}'

/**
 * Whether a discovery document's issuer is a tenant template (`https://login.microsoftonline.com/{tenantid}/v2.0`)
 * that the configured issuer (`…/common/v2.0`, `…/organizations/v2.0`) instantiates with one path segment.
 */
export function isTenantTemplate(configured: string | undefined, discovered: unknown): discovered is string {
  if (configured === undefined || typeof discovered !== 'string') return false
  const parts = discovered.split(PLACEHOLDER)
  if (parts.length !== 2) return false
  const [before = '', after = ''] = parts
  if (!configured.startsWith(before) || !configured.endsWith(after)) return false
  return /^[\w-]+$/.test(configured.slice(before.length, configured.length - after.length))
}

/** The metadata of a tenant-template document, checked for the endpoints the flow needs. */
export function tenantTemplateServer(document: Record<string, unknown>): o.AuthorizationServer {
  for (const key of ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
    if (typeof document[key] !== 'string') throw new TypeError(`the discovery document has no ${key}`)
  }
  return document as unknown as o.AuthorizationServer
}

/**
 * The issuer of the tenant that signed the user in: the template with the ID token's `tid`, so the ID token's
 * `iss` is then checked against it as for any issuer (Microsoft's rule for multi-tenant applications).
 *
 * @see https://learn.microsoft.com/en-us/entra/identity-platform/access-tokens#validate-the-issuer
 */
export function tenantIssuer(template: string, idToken: unknown): string | undefined {
  if (typeof idToken !== 'string') return undefined
  let tid: unknown
  try {
    tid = decodeJwt(idToken)['tid']
  } catch {
    return undefined
  }
  return typeof tid === 'string' && /^[\w-]{1,64}$/.test(tid) ? template.replace(PLACEHOLDER, tid) : undefined
}
