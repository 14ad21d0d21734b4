import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The user Osso returns from `/oauth/me` (the fields Gatehouse reads; others pass through). */
export interface OssoProfile extends Record<string, unknown> {
  id: string
  email: string
  name?: string
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`id` of `/oauth/me`'

/**
 * Sign in through a SAML identity provider behind an Osso deployment, which speaks OAuth 2.0 to Gatehouse. Set
 * `issuer` to the deployment's URL; pass `domain` or `provider` as `authorization.params` to pick the SAML IdP.
 *
 * @see https://ossoapp.com/docs/reference/oauth-endpoints
 */
export default function Osso(options: OAuthUserConfig<OssoProfile> = {}): OAuthConfig<OssoProfile> {
  const base = typeof options.issuer === 'string' ? options.issuer.replace(/\/+$/, '') : ''
  return {
    id: 'osso',
    name: 'Osso',
    type: 'oauth',
    authorization: { url: `${base}/oauth/authorize`, params: { scope: '' } },
    token: `${base}/oauth/token`,
    userinfo: `${base}/oauth/me`,
    profile: (profile) => ({ id: profile.id, name: profile.name ?? null, email: profile.email, image: null }),
    style: { bg: '#000', text: '#fff' },
    options,
  }
}
