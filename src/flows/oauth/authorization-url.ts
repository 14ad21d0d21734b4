import * as o from 'oauth4webapi'
import type { RequestContext } from '../../routing/request-context.js'
import type { Cookie, ResponseInternal } from '../../types.js'
import { CHECK_MAX_AGE, createCheckCookie } from './check-cookies.js'
import type { NormalizedProvider, OAuthCheck } from '../../oauth-client/normalize-provider.js'

/** The salt of the state value's JWE, as in Auth.js, so in-flight sign-ins survive a switch between the two. */
export const STATE_SALT = 'encodedState'

/**
 * Parameters the sign-in request's query may not override: they bind the response to this client, this
 * transaction and the code flow (RFC 9700 §2.1.2 forbids the implicit grant an override of `response_type` would
 * allow).
 */
const PROTECTED_PARAMS = new Set([
  'response_type',
  'client_id',
  'redirect_uri',
  'state',
  'nonce',
  'code_challenge',
  'code_challenge_method',
])

/** The redirect URI registered at the provider: the proxy's when a redirect proxy is set, else our callback. */
export function redirectUri(ctx: RequestContext, provider: NormalizedProvider): string {
  return provider.redirectProxyUrl === undefined
    ? ctx.actionUrl('callback', provider.id)
    : `${provider.redirectProxyUrl}/callback/${encodeURIComponent(provider.id)}`
}

/**
 * The checks in force with this server: an OIDC provider whose metadata does not offer PKCE S256 falls back from
 * PKCE to a nonce, as Auth.js does.
 */
export function effectiveChecks(
  provider: NormalizedProvider,
  as: o.AuthorizationServer,
): ReadonlySet<OAuthCheck> {
  const methods = as.code_challenge_methods_supported
  if (provider.type !== 'oidc' || !provider.checks.has('pkce') || provider.wellKnown === undefined)
    return provider.checks
  if (methods === undefined || methods.includes('S256')) return provider.checks
  const checks = new Set(provider.checks)
  checks.delete('pkce')
  checks.add('nonce')
  return checks
}

/**
 * POST /signin/{id} of an OAuth provider: builds the authorization request with PKCE (S256), `state` and `nonce`
 * as the checks ask, each kept in its encrypted check cookie, and redirects the browser there.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-4.1.1
 * @see https://www.rfc-editor.org/rfc/rfc7636#section-4.3
 * @see https://www.rfc-editor.org/rfc/rfc9700#section-2.1.1
 */
export async function authorizationUrl(
  ctx: RequestContext,
  provider: NormalizedProvider,
  as: o.AuthorizationServer,
): Promise<ResponseInternal> {
  if (as.authorization_endpoint === undefined) {
    throw new TypeError(`Provider "${provider.id}" has no authorization endpoint, configured or discovered.`)
  }
  const url = new URL(as.authorization_endpoint)
  const params = url.searchParams
  const preset = new URLSearchParams(params)
  for (const key of [...params.keys()]) params.delete(key)
  params.set('response_type', 'code')
  params.set('client_id', provider.clientId)
  params.set('redirect_uri', redirectUri(ctx, provider))
  for (const [key, value] of Object.entries(provider.authorization.params)) params.set(key, value)
  for (const [key, value] of preset) params.set(key, value)
  for (const [key, value] of ctx.req.url.searchParams) {
    if (!PROTECTED_PARAMS.has(key)) params.set(key, value)
  }

  const cookies: Cookie[] = []
  const checks = effectiveChecks(provider, as)
  if (checks.has('state')) {
    const origin =
      provider.redirectProxyUrl === undefined ? {} : { origin: ctx.actionUrl('callback', provider.id) }
    const state = await ctx.config.sealedCookies.seal(
      STATE_SALT,
      { ...origin, random: o.generateRandomState() },
      CHECK_MAX_AGE,
    )
    params.set('state', state)
    cookies.push(await createCheckCookie(ctx, 'state', provider.id, state, provider.formPost))
  }
  if (checks.has('pkce')) {
    const verifier = o.generateRandomCodeVerifier()
    params.set('code_challenge', await o.calculatePKCECodeChallenge(verifier))
    params.set('code_challenge_method', 'S256')
    cookies.push(await createCheckCookie(ctx, 'pkce', provider.id, verifier, provider.formPost))
  }
  if (checks.has('nonce')) {
    const nonce = o.generateRandomNonce()
    params.set('nonce', nonce)
    cookies.push(await createCheckCookie(ctx, 'nonce', provider.id, nonce, provider.formPost))
  }
  if (!params.has('scope')) params.set('scope', 'openid profile email')
  ctx.config.logger.debug('authorization url is ready', {
    url: url.origin + url.pathname,
    checks: [...checks],
  })
  return { redirect: url.href, cookies }
}
