import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The user BoxyHQ SAML Jackson returns from `/api/oauth/userinfo` (the fields Gatehouse reads). */
export interface BoxyHQSAMLProfile extends Record<string, unknown> {
  id: string
  email: string
  firstName?: string
  lastName?: string
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`id` of `/api/oauth/userinfo`'

/**
 * Sign in through a SAML identity provider behind BoxyHQ SAML Jackson, which speaks OAuth 2.0 to Gatehouse. Set
 * `issuer` to the Jackson deployment's URL; pass the tenant and product as `authorization.params`.
 *
 * @see https://boxyhq.com/docs/jackson/sso-flow
 */
export default function BoxyHQSAML(
  options: OAuthUserConfig<BoxyHQSAMLProfile> = {},
): OAuthConfig<BoxyHQSAMLProfile> {
  const base = typeof options.issuer === 'string' ? options.issuer.replace(/\/+$/, '') : ''
  return {
    id: 'boxyhq-saml',
    name: 'BoxyHQ SAML',
    type: 'oauth',
    authorization: { url: `${base}/api/oauth/authorize`, params: { provider: 'saml' } },
    token: `${base}/api/oauth/token`,
    userinfo: `${base}/api/oauth/userinfo`,
    profile: (profile) => ({
      id: profile.id,
      email: profile.email,
      name: [profile.firstName, profile.lastName].filter(Boolean).join(' '),
      image: null,
    }),
    style: { bg: '#25c2a0', text: '#fff' },
    options,
  }
}
