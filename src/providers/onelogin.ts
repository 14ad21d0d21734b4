import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'
import type { Profile } from '../types.js'

/** What becomes the account id, for the README's provider table. */
export const userId = '`sub` of the ID token'

/**
 * Sign in through a OneLogin account (OpenID Connect). Set `issuer` (or `AUTH_ONELOGIN_ISSUER`) to the account's
 * URL, `https://<subdomain>.onelogin.com`; OneLogin's OIDC issuer is that URL followed by `/oidc/2`, which the
 * preset appends.
 *
 * @see https://developers.onelogin.com/openid-connect
 */
export default function OneLogin(options: OAuthUserConfig<Profile> = {}): OAuthConfig<Profile> {
  const { issuer, ...rest } = options
  const base = typeof issuer === 'string' ? issuer.replace(/\/+$/, '') : ''
  return {
    id: 'onelogin',
    name: 'OneLogin',
    type: 'oidc',
    issuer: `${base}/oidc/2`,
    wellKnown: `${base}/oidc/2/.well-known/openid-configuration`,
    style: { bg: '#000', text: '#fff' },
    options: rest,
  }
}
