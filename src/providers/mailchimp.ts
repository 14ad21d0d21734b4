import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The metadata Mailchimp returns from `/oauth2/metadata` (the fields Gatehouse reads; others pass through). */
export interface MailchimpProfile extends Record<string, unknown> {
  accountname: string
  dc?: string
  login: { login_id: number | string; email: string; login_name?: string }
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`login.login_id` of `/oauth2/metadata`'

/**
 * Sign in with a Mailchimp account through OAuth 2.0 (Mailchimp has no scopes, so none is sent).
 *
 * @see https://mailchimp.com/developer/marketing/guides/access-user-data-oauth-2/
 */
export default function Mailchimp(
  options: OAuthUserConfig<MailchimpProfile> = {},
): OAuthConfig<MailchimpProfile> {
  return {
    id: 'mailchimp',
    name: 'Mailchimp',
    type: 'oauth',
    authorization: { url: 'https://login.mailchimp.com/oauth2/authorize', params: { scope: '' } },
    token: 'https://login.mailchimp.com/oauth2/token',
    userinfo: 'https://login.mailchimp.com/oauth2/metadata',
    profile: (profile) => ({
      id: String(profile.login.login_id),
      name: profile.accountname,
      email: profile.login.email,
      image: null,
    }),
    style: { bg: '#000', text: '#fff' },
    options,
  }
}
