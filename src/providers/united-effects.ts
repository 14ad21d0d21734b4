import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'
import type { Profile } from '../types.js'

/** What becomes the account id, for the README's provider table. */
export const userId = '`sub` of the ID token'

/**
 * Sign in through United Effects Core EOS (OpenID Connect, `openid email profile`). Set `issuer` (or
 * `AUTH_UNITED_EFFECTS_ISSUER`) to the authgroup's issuer; it is also sent as the `resource` indicator.
 *
 * @see https://docs.unitedeffects.com/integrations/nextauthjs
 */
export default function UnitedEffects(options: OAuthUserConfig<Profile> = {}): OAuthConfig<Profile> {
  return {
    id: 'united-effects',
    name: 'United Effects',
    type: 'oidc',
    authorization: { params: { scope: 'openid email profile', resource: options.issuer } },
    style: { bg: '#000', text: '#fff' },
    options,
  }
}
