import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The user Eventbrite returns from `/v3/users/me/` (the fields Gatehouse reads; others pass through). */
export interface EventbriteProfile extends Record<string, unknown> {
  id: string
  name: string
  emails: Array<{ email: string; primary: boolean; verified?: boolean }>
  image_id: string | null
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`id` of `/v3/users/me/`'

/**
 * Sign in with an Eventbrite account through OAuth 2.0; the e-mail address is the primary one of the user's list.
 *
 * @see https://www.eventbrite.com/platform/docs/authentication
 */
export default function Eventbrite(
  options: OAuthUserConfig<EventbriteProfile> = {},
): OAuthConfig<EventbriteProfile> {
  return {
    id: 'eventbrite',
    name: 'Eventbrite',
    type: 'oauth',
    authorization: { url: 'https://www.eventbrite.com/oauth/authorize', params: { scope: 'user.profile' } },
    token: 'https://www.eventbrite.com/oauth/token',
    userinfo: 'https://www.eventbriteapi.com/v3/users/me/',
    client: { token_endpoint_auth_method: 'client_secret_post' },
    profile: (profile) => ({
      id: profile.id,
      name: profile.name,
      email: profile.emails.find((e) => e.primary)?.email ?? null,
      image: profile.image_id
        ? `https://img.evbuc.com/https%3A%2F%2Fcdn.evbuc.com%2Fimages%2F${profile.image_id}%2F1%2Foriginal.jpg`
        : null,
    }),
    style: { bg: '#f05537', text: '#fff' },
    options,
  }
}
