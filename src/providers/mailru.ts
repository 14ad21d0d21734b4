import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The user Mail.ru returns from `/userinfo` (the fields Gatehouse reads; others pass through). */
export interface MailruProfile extends Record<string, unknown> {
  id: string
  name?: string
  email?: string
  image?: string
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`id` of `/userinfo`'

/**
 * Sign in with a Mail.ru account through OAuth 2.0 (`userinfo` scope). Mail.ru's userinfo has no `sub`, so the
 * mapping reads its `id`, `name`, `email` and `image` fields, which Auth.js's OAuth default mapping would miss.
 *
 * @see https://api.mail.ru/docs/guides/oauth/
 */
export default function Mailru(options: OAuthUserConfig<MailruProfile> = {}): OAuthConfig<MailruProfile> {
  return {
    id: 'mailru',
    name: 'Mail.ru',
    type: 'oauth',
    authorization: { url: 'https://oauth.mail.ru/login', params: { scope: 'userinfo' } },
    token: 'https://oauth.mail.ru/token',
    userinfo: 'https://oauth.mail.ru/userinfo',
    profile: (profile) => ({
      id: profile.id,
      name: profile.name ?? null,
      email: profile.email ?? null,
      image: profile.image ?? null,
    }),
    style: { bg: '#005ff9', text: '#fff' },
    options,
  }
}
