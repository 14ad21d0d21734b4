import * as o from 'oauth4webapi'
import { InvalidCheck, OAuthCallbackError, OAuthProfileParseError } from '../../errors.js'
import type { RequestContext } from '../../routing/request-context.js'
import type { Profile, ResponseInternal, User } from '../../types.js'
import type { FlowIdentity } from '../sign-in-flow.js'
import { effectiveChecks, redirectUri, STATE_SALT } from './authorization-url.js'
import { callbackError } from '../../oauth-client/callback-error.js'
import { clearCheckCookies, useCheckCookie } from './check-cookies.js'
import { clientAuth, oauthClient } from '../../oauth-client/client-auth.js'
import type { NormalizedProvider } from '../../oauth-client/normalize-provider.js'
import { requestOptions } from '../../oauth-client/oauth-runtime.js'
import { forwardOriginAllowed } from './forward-origin-patterns.js'
import { isLoopbackUrl } from '../../oauth-client/outbound-fetch.js'
import { stableUserId } from './stable-user-id.js'
import { tenantIssuer } from '../../oauth-client/tenant-issuer.js'
import { verifyIdToken } from '../../oauth-client/verify-id-token.js'
import type { OAuthStep } from '../../error-reason.js'

/** The authorization response: the query of a GET, or the form body of a `form_post` POST. */
function responseParams(ctx: RequestContext): URLSearchParams {
  if (ctx.req.method === 'POST') {
    const params = new URLSearchParams()
    for (const [key, value] of Object.entries(ctx.req.body ?? {})) {
      if (typeof value === 'string') params.set(key, value)
    }
    return params
  }
  return new URLSearchParams(ctx.req.url.searchParams)
}

/**
 * On the redirect-proxy deployment, a state minted by another (allow-listed) origin sends the browser there with the same
 * parameters; the state is our own encrypted JWE, so its origin was written by a deployment sharing our secret
 * (wire-contract §4.4, step 2). That deployment took it from its request's host, so the origin is still checked
 * here to be what such a deployment can mint: this provider's callback endpoint, over https (plain http only on
 * loopback, as for every OAuth endpoint), without user info, query or fragment. Anything else would forward the
 * authorization code to a page that is not a Gatehouse callback, or in clear text (RFC 9700 §4.11, §4.2).
 */
async function proxyForward(
  ctx: RequestContext,
  provider: NormalizedProvider,
  params: URLSearchParams,
): Promise<ResponseInternal | undefined> {
  const state = params.get('state')
  if (provider.redirectProxyUrl === undefined || state === null) return undefined
  const origin = (await ctx.config.sealedCookies.open(STATE_SALT, state))?.['origin']
  if (typeof origin !== 'string' || origin === ctx.actionUrl('callback', provider.id)) return undefined
  let target: URL
  try {
    target = new URL(origin)
  } catch {
    return undefined
  }
  const secure = target.protocol === 'https:' || (target.protocol === 'http:' && isLoopbackUrl(target))
  const callbackPath = target.pathname.endsWith(`/callback/${encodeURIComponent(provider.id)}`)
  // Not forwarded: the callback is then handled here, where it fails its checks (no check cookies of this browser).
  if (!secure || !callbackPath || target.username || target.password || target.search || target.hash)
    return undefined
  // Any deployment sharing the secret writes the state's origin from its request's Host header, so a sealed
  // state proves nothing about the origin: only an allow-listed one may receive a code (RFC 9700 §4.11, §4.13).
  if (!forwardOriginAllowed(target.origin, ctx.config.redirectProxyForwardOrigins)) {
    ctx.config.logger.error(
      new InvalidCheck(
        `Redirect proxy: not forwarding the callback of "${provider.id}" to ${target.origin}, which is not in ` +
          '`redirectProxyAllowedOrigins` (AUTH_REDIRECT_PROXY_ALLOWED_ORIGINS).',
        { reason: 'proxy_origin_not_allowed' },
      ),
    )
    return undefined
  }
  return { redirect: `${target.origin}${target.pathname}?${params}` }
}

async function step<T>(name: OAuthStep, run: () => Promise<T> | T): Promise<T> {
  try {
    return await run()
  } catch (error) {
    throw callbackError(name, error)
  }
}

/** `providerAccountId` and the user from `profile()`; the user's id is the stable one, its e-mail lowercased. */
async function identityFrom(
  provider: NormalizedProvider,
  profile: Profile,
  tokens: Record<string, unknown>,
): Promise<FlowIdentity> {
  let user: User
  try {
    user = await provider.profile(profile, tokens)
  } catch (error) {
    throw new OAuthProfileParseError(error instanceof Error ? error : String(error), {
      reason: 'profile_threw',
    })
  }
  if (user?.id === undefined || user.id === null || String(user.id) === '') {
    throw new OAuthProfileParseError(`profile() of provider "${provider.id}" returned no \`id\`.`, {
      reason: 'profile_without_id',
    })
  }
  const providerAccountId = String(user.id)
  const email = typeof user.email === 'string' ? user.email.toLowerCase() : user.email
  return {
    user: {
      ...user,
      id: stableUserId(provider.id, providerAccountId),
      ...(email === undefined ? {} : { email }),
    },
    account: {
      ...(provider.account(tokens) ?? {}),
      provider: provider.id,
      type: provider.type,
      providerAccountId,
    },
    profile,
  }
}

/**
 * GET or POST /callback/{id} of an OAuth provider: checks state (and RFC 9207 `iss`), exchanges the code with the
 * PKCE verifier, validates the ID token (signature, `iss`, `aud`, `exp`, `nonce`), reads the profile and maps it.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-4.1.2
 * @see https://www.rfc-editor.org/rfc/rfc9207#section-2.4
 * @see https://openid.net/specs/openid-connect-core-1_0.html#CodeFlowSteps
 */
export async function oauthCallback(
  ctx: RequestContext,
  provider: NormalizedProvider,
): Promise<FlowIdentity | ResponseInternal> {
  const params = responseParams(ctx)
  const forward = await proxyForward(ctx, provider, params)
  if (forward) return forward
  // Before anything can fail (discovery included): every check cookie of this browser is spent by this callback.
  clearCheckCookies(ctx)

  const runtime = ctx.config.oauth
  let as = await step('discovery', () => runtime.authorizationServer(provider))
  const checks = effectiveChecks(provider, as)
  // Every check cookie is read (and cleared) before anything can fail, so none outlives this request.
  const cookies = new Map<string, string | Error>()
  for (const check of checks) {
    try {
      cookies.set(check, await useCheckCookie(ctx, check, provider.id))
    } catch (error) {
      cookies.set(check, error as Error)
    }
  }
  const checked = (check: 'state' | 'pkce' | 'nonce'): string | undefined => {
    const value = cookies.get(check)
    if (value instanceof Error) throw value
    return value
  }

  const stateCookie = checked('state')
  if (stateCookie !== undefined) {
    const state = params.get('state')
    if (state === null)
      throw new InvalidCheck('The callback carries no `state`.', { reason: 'state_missing' })
    if (state !== stateCookie) {
      throw new InvalidCheck('The `state` does not match the one this browser started with.', {
        reason: 'state_mismatch',
      })
    }
  }
  // Without an issuer, configured or discovered, there is nothing to compare an `iss` with (plain OAuth 2.0).
  // A tenant template cannot match any `iss`; the ID token's issuer is checked against its tenant below.
  if ((provider.issuer === undefined && provider.wellKnown === undefined) || as.issuer.includes('{tenantid}'))
    params.delete('iss')
  const client = oauthClient(provider)
  const callbackParams = await step('authorization_response', () =>
    o.validateAuthResponse(as, client, params, stateCookie ?? o.skipStateCheck),
  )
  const verifier = checked('pkce')
  const nonce = checked('nonce')

  let tokens: Record<string, unknown>
  if (provider.token.request) {
    const custom = await step('token', () =>
      provider.token.request!({
        tokens: { code: callbackParams.get('code') },
        provider,
        fetch: provider.fetch,
        redirectUri: redirectUri(ctx, provider),
      }),
    )
    tokens = { ...(custom as { tokens?: Record<string, unknown> })?.tokens }
    if (provider.type === 'oidc') {
      // A custom token request must not bypass the ID token checks (iss, aud, exp, nonce): its tokens go through
      // the same processing as a token endpoint's answer, so a missing or replayed ID token fails closed.
      const body = JSON.stringify({ token_type: 'bearer', ...tokens })
      const synthetic = new Response(body, { headers: { 'content-type': 'application/json' } })
      tokens = await step('token', () =>
        o.processAuthorizationCodeResponse(as, client, synthetic, {
          expectedNonce: nonce ?? o.expectNoNonce,
          requireIdToken: true,
        }),
      )
    }
  } else {
    const response = await step('token', async () => {
      const raw = await o.authorizationCodeGrantRequest(
        as,
        client,
        clientAuth(provider),
        callbackParams,
        redirectUri(ctx, provider),
        verifier ?? o.nopkce,
        { ...requestOptions(provider), additionalParameters: provider.token.params },
      )
      return provider.token.conform ? provider.token.conform(raw) : raw
    })
    if (as.issuer.includes('{tenantid}')) {
      const body = (await response
        .clone()
        .json()
        .catch(() => ({}))) as Record<string, unknown>
      const issuer = tenantIssuer(as.issuer, body['id_token'])
      if (issuer === undefined) {
        throw new OAuthCallbackError('The ID token of a multi-tenant provider names no tenant (`tid`).', {
          reason: 'id_token_invalid',
        })
      }
      as = { ...as, issuer }
    }
    tokens = await step('token', () =>
      o.processAuthorizationCodeResponse(as, client, response, {
        expectedNonce: nonce ?? o.expectNoNonce,
        requireIdToken: provider.type === 'oidc',
      }),
    )
  }

  let profile: Profile = {}
  const idToken = tokens['id_token']
  if (typeof idToken === 'string' && provider.type === 'oidc') {
    await step('id_token', () => verifyIdToken(runtime, provider, as, idToken))
    profile = { ...(o.getValidatedIdTokenClaims(tokens as unknown as o.TokenEndpointResponse) as Profile) }
  }
  const wantsUserinfo =
    provider.type === 'oauth' ||
    !provider.idToken ||
    (profile.email === undefined && profile.name === undefined)
  if (wantsUserinfo && (provider.userinfo.request || as.userinfo_endpoint !== undefined)) {
    const info = await step('userinfo', () => userinfo(provider, as, tokens, profile.sub ?? undefined))
    profile = { ...profile, ...info }
  } else if (provider.type === 'oauth') {
    throw new OAuthCallbackError(
      `Provider "${provider.id}" has no userinfo endpoint to read the profile from.`,
      {
        reason: 'userinfo_missing',
      },
    )
  }
  // Apple posts the user's name once, on the first consent, as JSON beside the code.
  const appleUser = ctx.req.method === 'POST' ? ctx.req.body?.['user'] : undefined
  if (typeof appleUser === 'string') {
    try {
      profile.user = JSON.parse(appleUser) as unknown
    } catch {
      // A malformed `user` is only a missing name; the verified ID token already identifies the user.
    }
  }
  if (typeof tokens['expires_in'] === 'number') {
    tokens['expires_at'] = Math.floor(Date.now() / 1000) + tokens['expires_in']
  }
  return identityFrom(provider, profile, tokens)
}

async function userinfo(
  provider: NormalizedProvider,
  as: o.AuthorizationServer,
  tokens: Record<string, unknown>,
  subject: string | undefined,
): Promise<Profile> {
  if (provider.userinfo.request) {
    const result = await provider.userinfo.request({ tokens, provider, fetch: provider.fetch })
    if (typeof result !== 'object' || result === null)
      throw new TypeError('userinfo.request returned no object')
    return result as Profile
  }
  const response = await o.userInfoRequest(
    as,
    oauthClient(provider),
    String(tokens['access_token']),
    requestOptions(provider),
  )
  if (provider.type === 'oauth') {
    // A plain OAuth 2.0 user API (Discord's /users/@me, 42's /v2/me) has no `sub`: only OIDC userinfo is one.
    if (!response.ok) throw new Error(`the user endpoint answered HTTP ${response.status}`)
    const body: unknown = await response.json().catch(() => undefined)
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new o.OperationProcessingError('the user endpoint returned no JSON object', {
        code: o.RESPONSE_IS_NOT_JSON,
      })
    }
    return body as Profile
  }
  const claims = await o.processUserInfoResponse(
    as,
    oauthClient(provider),
    subject ?? o.skipSubjectCheck,
    response,
  )
  // A signed userinfo (BankID Norway asks for one) is verified like the ID token; oauth4webapi only parses it.
  if (provider.client['userinfo_signed_response_alg'] !== undefined) {
    await o.validateApplicationLevelSignature(as, response, requestOptions(provider))
  }
  return claims
}
