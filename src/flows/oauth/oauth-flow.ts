import { AuthError, InvalidEndpoints, OAuthSignInError } from '../../errors.js'
import type { OAuthConfig } from '../../providers/provider-types.js'
import type { SignInSteps } from '../sign-in-flow.js'
import { authorizationUrl } from './authorization-url.js'
import { oauthCallback } from './oauth-callback.js'
import { transportFailure } from '../../oauth-client/outbound-fetch.js'

/**
 * OAuth 2.0 and OpenID Connect sign-in on oauth4webapi: `start` redirects to the provider's authorization endpoint,
 * `finish` handles the callback by GET, or by POST for `response_mode=form_post` (bound by `state`, so no CSRF
 * token is asked). Per-configuration state (discovery, key sets) lives on `ctx.config.oauth`; the check cookies
 * are sealed by `ctx.config.sealedCookies`.
 *
 * @see wire-contract §4.4
 */
export const oauthFlow: SignInSteps<OAuthConfig, undefined> = {
  callbackMethods: ['GET', 'POST'],
  callbackNeedsCsrf: false,

  async start(ctx, resolved) {
    let provider
    try {
      provider = ctx.config.oauth.provider(resolved)
    } catch (error) {
      throw new InvalidEndpoints(error instanceof Error ? error : String(error), {
        reason: 'provider_invalid',
      })
    }
    try {
      const as = await ctx.config.oauth.authorizationServer(provider)
      return await authorizationUrl(ctx, provider, as)
    } catch (error) {
      if (error instanceof AuthError) throw error
      const transport = transportFailure(error)
      throw new OAuthSignInError(error instanceof Error ? error : String(error), {
        reason: transport ?? 'authorization_request_failed',
      })
    }
  },

  finish(ctx, resolved) {
    let provider
    try {
      provider = ctx.config.oauth.provider(resolved)
    } catch (error) {
      throw new InvalidEndpoints(error instanceof Error ? error : String(error), {
        reason: 'provider_invalid',
      })
    }
    return oauthCallback(ctx, provider)
  },
}
