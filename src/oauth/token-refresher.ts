import { decodeJwt } from 'jose'
import * as o from 'oauth4webapi'
import type { Adapter } from '../adapters/adapter.js'
import { scrubbed } from '../oauth-client/callback-error.js'
import { clientAuth, oauthClient } from '../oauth-client/client-auth.js'
import { OAuthRuntime, requestOptions } from '../oauth-client/oauth-runtime.js'
import { DEFAULT_OUTBOUND_TIMEOUT_MS } from '../oauth-client/outbound-fetch.js'
import { mergeDeep } from '../lib/merge-deep.js'
import type { OAuthConfig } from '../providers/provider-types.js'
import { allowInsecureRequests, customFetch } from '../symbols.js'
import { TokenRefreshError } from '../errors.js'

/** The provider tokens of one account, as kept in the session JWT or an adapter's account row. */
export interface ProviderTokens {
  access_token?: string | undefined
  refresh_token?: string | undefined
  /** Seconds since the epoch at which `access_token` expires (spec §2.3). */
  expires_at?: number | undefined
  /**
   * The provider's ID token (OpenID Connect). Keep it with the tokens: a refreshed ID token must then name the same
   * subject (OpenID Connect Core §12.2), or the refresh fails with `id_token_subject_mismatch`.
   */
  id_token?: string | undefined
  /** Needed to write refreshed tokens to the database through `adapter.updateAccount`. */
  providerAccountId?: string | undefined
  [claim: string]: unknown
}

/** Options of {@link createTokenRefresher}. */
export interface TokenRefresherOptions {
  /** The provider the tokens come from, e.g. `Google({ clientId, clientSecret })`. */
  provider: OAuthConfig
  /** When it has `updateAccount`, refreshed tokens are written to the account row (a Gatehouse extension). */
  adapter?: Pick<Adapter, 'updateAccount'> | undefined
  /** Refresh this many seconds before expiry, so a token does not die in flight; default 60. */
  skewSeconds?: number | undefined
  /** How long a spent refresh token still answers with its result, for requests that raced it; default 60 s. */
  graceSeconds?: number | undefined
  /** Milliseconds before the token request is aborted; default 10 000. */
  timeout?: number | undefined
  allowInsecureRequests?: typeof allowInsecureRequests | undefined
  [customFetch]?: typeof fetch | undefined
}

/** Refreshes provider access tokens; see {@link createTokenRefresher}. */
export interface TokenRefresher {
  /**
   * Returns `tokens` unchanged while the access token is valid; otherwise spends the refresh token once and returns
   * the merged new tokens. Concurrent calls with the same refresh token share one request.
   *
   * @throws TokenRefreshError when there is no refresh token or the provider refuses it.
   */
  refresh<T extends ProviderTokens>(tokens: T, options?: { force?: boolean }): Promise<T>
}

/**
 * Creates a single-flight refresher of expired provider access tokens (RFC 6749 §6): two requests that find the
 * same expired token share one refresh, and a request that arrives with an already spent refresh token within the
 * grace period gets the same result, so a rotating provider never sees a refresh token twice (Auth.js #11240).
 * Keep the returned object for the life of the process; its state is its own, nothing is module-level.
 *
 * @example
 * ```ts
 * const refresher = createTokenRefresher({ provider: Google({ clientId, clientSecret }) })
 * callbacks: {
 *   jwt: async ({ token, account }) =>
 *     account ? { ...token, access_token: account.access_token, refresh_token: account.refresh_token,
 *                 expires_at: account.expires_at } : refresher.refresh(token),
 * }
 * ```
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-6
 * @see https://www.rfc-editor.org/rfc/rfc9700#section-4.14.2
 */
export function createTokenRefresher(options: TokenRefresherOptions): TokenRefresher {
  const skew = options.skewSeconds ?? 60
  const graceMs = (options.graceSeconds ?? 60) * 1000
  const runtime = new OAuthRuntime({
    fetch: options[customFetch] ?? globalThis.fetch.bind(globalThis),
    timeoutMs: options.timeout ?? DEFAULT_OUTBOUND_TIMEOUT_MS,
    allowInsecure: options.allowInsecureRequests === allowInsecureRequests,
    redirectProxyUrl: undefined,
  })
  // Built-in providers carry the application's options apart, as Auth.js presets do; merge them as resolving does.
  const { options: userOptions, ...defaults } = options.provider
  const provider = runtime.provider(mergeDeep(defaults, userOptions) as OAuthConfig)
  const inFlight = new Map<string, { result: Promise<Record<string, unknown>>; settledAt?: number }>()

  function prune(now: number): void {
    for (const [key, entry] of inFlight) {
      if (entry.settledAt !== undefined && now - entry.settledAt > graceMs) inFlight.delete(key)
    }
  }

  async function spend(refreshToken: string, providerAccountId: string | undefined, previousSub?: string) {
    const as = await runtime.authorizationServer(provider)
    const client = oauthClient(provider)
    let response: o.TokenEndpointResponse
    try {
      const raw = await o.refreshTokenGrantRequest(
        as,
        client,
        clientAuth(provider),
        refreshToken,
        requestOptions(provider),
      )
      response = await o.processRefreshTokenResponse(as, client, raw)
    } catch (error) {
      throw new TokenRefreshError(
        `Refreshing the ${provider.id} access token failed: ${error instanceof Error ? error.message : String(error)}`,
        {
          reason: error instanceof o.ResponseBodyError ? `provider_error:${error.error}` : 'refresh_failed',
          // Scrubbed: oauth4webapi's cause can hold the response body, with the new refresh token in it.
          cause: scrubbed(error),
        },
      )
    }
    // OpenID Connect Core §12.2: an ID token from a refresh must name the same subject as the one it replaces. A
    // different `sub` means the tokens now belong to another user (a provider bug, or a refresh token that is not
    // this account's): keeping them would hand this session another person's access.
    const claims = o.getValidatedIdTokenClaims(response)
    if (claims && previousSub !== undefined && claims.sub !== previousSub) {
      throw new TokenRefreshError(
        `Refreshing the ${provider.id} access token returned an ID token for another subject; the tokens were discarded.`,
        { reason: 'id_token_subject_mismatch' },
      )
    }
    const fresh: Record<string, unknown> = {
      access_token: response.access_token,
      // Providers that do not rotate keep the old refresh token valid and send none back.
      refresh_token: response.refresh_token ?? refreshToken,
      ...(typeof response.expires_in === 'number'
        ? { expires_at: Math.floor(Date.now() / 1000) + response.expires_in }
        : {}),
      ...(response.id_token ? { id_token: response.id_token } : {}),
      ...(response.scope ? { scope: response.scope } : {}),
      token_type: response.token_type.toLowerCase(),
    }
    if (options.adapter?.updateAccount && providerAccountId !== undefined) {
      await options.adapter.updateAccount({ provider: provider.id, providerAccountId, ...fresh })
    }
    return fresh
  }

  /**
   * The `sub` of the ID token kept with the tokens (checked when it was issued; only read here). A kept value that
   * is not a readable ID token is refused rather than skipped, so the subject check cannot be bypassed by it.
   */
  function subjectOf(idToken: unknown): string | undefined {
    if (idToken === undefined || idToken === null || idToken === '') return undefined
    try {
      if (typeof idToken !== 'string') throw new TypeError('not a string')
      const { sub } = decodeJwt(idToken)
      if (typeof sub === 'string') return sub
    } catch {
      // Reported below.
    }
    throw new TokenRefreshError(
      `The ${provider.id} tokens carry an id_token that cannot be read; sign in again.`,
      { reason: 'id_token_unreadable' },
    )
  }

  return {
    async refresh<T extends ProviderTokens>(tokens: T, refreshOptions: { force?: boolean } = {}): Promise<T> {
      const now = Date.now()
      // Without an expiry there is nothing to go by: the token is used until the API refuses it (then `force`).
      const valid = typeof tokens.expires_at !== 'number' || tokens.expires_at - skew > Math.floor(now / 1000)
      if (valid && refreshOptions.force !== true) return tokens
      const refreshToken = tokens.refresh_token
      if (typeof refreshToken !== 'string' || refreshToken === '') {
        throw new TokenRefreshError(`The ${provider.id} tokens have no refresh_token to refresh with.`, {
          reason: 'no_refresh_token',
        })
      }
      prune(now)
      let entry = inFlight.get(refreshToken)
      if (!entry) {
        const created: { result: Promise<Record<string, unknown>>; settledAt?: number } = {
          result: spend(refreshToken, tokens.providerAccountId, subjectOf(tokens.id_token)),
        }
        created.result.then(
          () => (created.settledAt = Date.now()),
          // A failure is not remembered: the next caller may try again (e.g. after a network error).
          () => inFlight.delete(refreshToken),
        )
        inFlight.set(refreshToken, created)
        entry = created
      }
      return { ...tokens, ...(await entry.result) }
    },
  }
}
