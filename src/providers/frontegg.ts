import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'
import type { Profile } from '../types.js'

/** What becomes the account id, for the README's provider table. */
export const userId = '`sub` of the ID token'

/**
 * Sign in through a Frontegg workspace (OpenID Connect). Set `issuer` (or `AUTH_FRONTEGG_ISSUER`) to the
 * workspace's domain; its discovery document lives under `/oauth`, and the user comes from Frontegg's own
 * `/identity/resources/users/v2/me`.
 *
 * @see https://docs.frontegg.com/docs/using-frontegg-sso-via-oidc
 */
export default function Frontegg(options: OAuthUserConfig<Profile> = {}): OAuthConfig<Profile> {
  const base = typeof options.issuer === 'string' ? options.issuer.replace(/\/+$/, '') : ''
  return {
    id: 'frontegg',
    name: 'Frontegg',
    type: 'oidc',
    authorization: `${base}/oauth/authorize`,
    token: `${base}/oauth/token`,
    userinfo: `${base}/identity/resources/users/v2/me`,
    wellKnown: `${base}/oauth/.well-known/openid-configuration`,
    style: { bg: '#000', text: '#fff' },
    options,
  }
}
