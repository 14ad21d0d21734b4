import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'
import type { Profile } from '../types.js'

/** What becomes the account id, for the README's provider table. */
export const userId = '`sub` of the ID token'

/**
 * Sign in through an Asgardeo organization (OpenID Connect). Set `issuer` (or `AUTH_ASGARDEO_ISSUER`) to the
 * organization's URL, `https://api.asgardeo.io/t/<org>`; Asgardeo's OIDC issuer, and the base of its discovery
 * document, is that URL followed by `/oauth2/token`, which the preset appends.
 *
 * @see https://wso2.com/asgardeo/docs/references/app-settings/oidc-settings-for-app/
 */
export default function Asgardeo(options: OAuthUserConfig<Profile> = {}): OAuthConfig<Profile> {
  const { issuer, ...rest } = options
  const base = typeof issuer === 'string' ? issuer.replace(/\/+$/, '') : ''
  return {
    id: 'asgardeo',
    name: 'Asgardeo',
    type: 'oidc',
    issuer: `${base}/oauth2/token`,
    wellKnown: `${base}/oauth2/token/.well-known/openid-configuration`,
    style: { bg: '#000', text: '#fff' },
    options: rest,
  }
}
