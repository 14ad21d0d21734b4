import * as o from 'oauth4webapi'
import type { ResolvedProvider } from '../config/resolved-provider.js'
import { normalizeProvider } from './normalize-provider.js'
import type { NormalizedProvider, ProviderDefaults } from './normalize-provider.js'
import { isTenantTemplate, tenantTemplateServer } from './tenant-issuer.js'

/** Discovery documents change rarely; an hour bounds how long a rotated endpoint stays stale. */
const DISCOVERY_TTL_MS = 60 * 60 * 1000
/** Key sets are re-read every 10 minutes, and sooner when a token names a key we do not have. */
const JWKS_TTL_MS = 10 * 60 * 1000
/** An unknown `kid` refetches at most this often, so forged tokens cannot make us hammer the IdP. */
const JWKS_COOLDOWN_MS = 30 * 1000

/**
 * A failed discovery or key-set fetch is remembered, so a provider outage costs one request per back-off window
 * and provider, not one per sign-in: 2 s after the first failure (a blip passes quickly), doubling with each
 * further failure up to 60 s (an outage is noticed to be over within a minute).
 */
const FAILURE_BACKOFF_MS = 2 * 1000
const FAILURE_BACKOFF_MAX_MS = 60 * 1000

/** The back-off after `failures` consecutive failures. */
export function failureBackoff(failures: number): number {
  return Math.min(FAILURE_BACKOFF_MAX_MS, FAILURE_BACKOFF_MS * 2 ** Math.max(0, failures - 1))
}

interface Cached<T> {
  value: Promise<T>
  at: number
  /** When this copy was fetched because a token named an unknown key. */
  forcedAt?: number
  /** Consecutive failures up to and including this fetch (0 while it has not failed). */
  failures: number
  /** Set when the fetch failed: until then the failure is the answer. */
  failedUntil?: number
}

/** Keeps a failed entry as the answer for its back-off, counting consecutive failures. */
function rememberFailure<T>(
  map: Map<string, Cached<T>>,
  key: string,
  entry: Cached<T>,
  previous: number,
): void {
  entry.value.catch(() => {
    if (map.get(key) !== entry) return
    entry.failures = previous + 1
    entry.failedUntil = Date.now() + failureBackoff(entry.failures)
  })
}

/** Whether a cached entry is a failure still inside its back-off, and how many failures came before. */
function failureState<T>(cached: Cached<T> | undefined, now: number): { fresh: boolean; previous: number } {
  if (cached?.failedUntil === undefined) return { fresh: false, previous: 0 }
  return { fresh: now < cached.failedUntil, previous: cached.failures }
}

/** Options that reach oauth4webapi on every request: our fetch, which enforces the URL policy itself. */
export function requestOptions(provider: NormalizedProvider): {
  [o.customFetch]: (url: string, init: o.CustomFetchOptions<'GET' | 'POST', unknown>) => Promise<Response>
  [o.allowInsecureRequests]: true
} {
  // oauth4webapi would refuse every http: URL; our fetch already refuses the ones off loopback, so it decides.
  return {
    [o.customFetch]: (url, init) => provider.fetch(url, init as RequestInit),
    [o.allowInsecureRequests]: true,
  }
}

/**
 * The per-configuration OAuth state: normalised providers, discovery documents and key sets with their lifetimes.
 * One instance lives on each resolved configuration (and one in each token refresher), so nothing is shared
 * between configurations and nothing is module-level. It seals nothing: check cookies go through the
 * configuration's `SealedCookies`.
 */
export class OAuthRuntime {
  readonly #defaults: ProviderDefaults
  readonly #providers = new Map<string, NormalizedProvider>()
  readonly #discovery = new Map<string, Cached<o.AuthorizationServer>>()
  readonly #jwks = new Map<string, Cached<o.JWKS>>()

  constructor(defaults: ProviderDefaults) {
    this.#defaults = defaults
  }

  /** The provider with its defaults applied, normalised once. */
  provider(provider: ResolvedProvider): NormalizedProvider {
    let normalized = this.#providers.get(provider.id)
    if (!normalized) {
      normalized = normalizeProvider(provider, this.#defaults)
      this.#providers.set(provider.id, normalized)
    }
    return normalized
  }

  /**
   * The authorization server metadata: discovered (RFC 8414 / OIDC Discovery) when an endpoint is missing, with
   * the configured endpoints taking precedence. Concurrent callers share one request; a failure is the answer for its back-off ({@link failureBackoff}).
   *
   * @see https://www.rfc-editor.org/rfc/rfc8414#section-3
   */
  authorizationServer(provider: NormalizedProvider, now = Date.now()): Promise<o.AuthorizationServer> {
    // Configured endpoints win over discovered ones; the issuer is the document's, already checked against ours.
    const configured: Partial<o.AuthorizationServer> = {
      ...(provider.authorization.url ? { authorization_endpoint: provider.authorization.url.href } : {}),
      ...(provider.token.url ? { token_endpoint: provider.token.url.href } : {}),
      ...(provider.userinfo.url ? { userinfo_endpoint: provider.userinfo.url.href } : {}),
      ...(provider.jwksUri ? { jwks_uri: provider.jwksUri } : {}),
    }
    const complete =
      configured.authorization_endpoint !== undefined &&
      configured.token_endpoint !== undefined &&
      (provider.type === 'oauth'
        ? configured.userinfo_endpoint !== undefined || provider.userinfo.request !== undefined
        : configured.jwks_uri !== undefined)
    if (complete || provider.wellKnown === undefined) {
      // Plain OAuth 2.0 without an issuer: nothing will be compared with this one (the callback drops `iss`).
      return Promise.resolve({
        ...configured,
        issuer: provider.issuer ?? 'urn:gatehouse:issuer-not-configured',
      })
    }

    const cached = this.#discovery.get(provider.id)
    const failed = failureState(cached, now)
    if (failed.fresh) return cached!.value
    if (cached && cached.failedUntil === undefined && now - cached.at < DISCOVERY_TTL_MS) return cached.value
    const value = this.#discover(provider).then((discovered) => ({ ...discovered, ...configured }))
    const entry: Cached<o.AuthorizationServer> = { value, at: now, failures: 0 }
    this.#discovery.set(provider.id, entry)
    rememberFailure(this.#discovery, provider.id, entry, failed.previous)
    return value
  }

  async #discover(provider: NormalizedProvider): Promise<o.AuthorizationServer> {
    const wellKnown = new URL(provider.wellKnown!)
    const response = await provider.fetch(wellKnown, { headers: { accept: 'application/json' } })
    const document = (await response
      .clone()
      .json()
      .catch(() => undefined)) as Record<string, unknown> | undefined
    // A multi-tenant template issuer is instantiated per sign-in from the ID token's `tid` (tenant-issuer.ts).
    if (response.ok && document && isTenantTemplate(provider.issuer, document['issuer'])) {
      return tenantTemplateServer(document)
    }
    // The issuer in the document must be the configured one (RFC 8414 §3.3), or a mix-up is possible.
    const expected =
      provider.issuer ?? (typeof document?.['issuer'] === 'string' ? document['issuer'] : undefined)
    return o.processDiscoveryResponse(new URL(expected ?? wellKnown.origin), response)
  }

  /**
   * The provider's JSON Web Key Set, cached; `refresh` asks for a fresh copy (a token named a key we lack), which
   * is honoured at most every 30 seconds.
   *
   * @see https://openid.net/specs/openid-connect-core-1_0.html#RotateSigKeys
   */
  jwks(provider: NormalizedProvider, jwksUri: string, refresh: boolean, now = Date.now()): Promise<o.JWKS> {
    const key = `${provider.id} ${jwksUri}`
    const cached = this.#jwks.get(key)
    const failed = failureState(cached, now)
    if (failed.fresh) return cached!.value
    if (cached && cached.failedUntil === undefined && now - cached.at < JWKS_TTL_MS) {
      // A forced refetch is allowed once per cooldown, however young the cached set is.
      const cooling = cached.forcedAt !== undefined && now - cached.forcedAt < JWKS_COOLDOWN_MS
      if (!refresh || cooling) return cached.value
    }
    const value = (async () => {
      const response = await provider.fetch(jwksUri, { headers: { accept: 'application/json' } })
      if (!response.ok) throw new Error(`JWKS endpoint answered ${response.status}`)
      const body = (await response.json()) as o.JWKS
      if (!Array.isArray(body?.keys)) throw new Error('JWKS endpoint did not return a key set')
      return body
    })()
    const entry: Cached<o.JWKS> = refresh
      ? { value, at: now, forcedAt: now, failures: 0 }
      : { value, at: now, failures: 0 }
    this.#jwks.set(key, entry)
    rememberFailure(this.#jwks, key, entry, failed.previous)
    return value
  }
}
