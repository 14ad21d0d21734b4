import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The body ClickUp returns from `/api/v2/user` (the fields Gatehouse reads; others pass through). */
export interface ClickUpProfile extends Record<string, unknown> {
  user: {
    id: number
    username: string
    email?: string
    color?: string
    profilePicture?: string | null
  }
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`user.id` of `/api/v2/user`'

/**
 * Sign in with a ClickUp account through OAuth 2.0 (state check only: ClickUp does not support PKCE). As in
 * Auth.js, the mapped user has no e-mail address or image; add them in your own `profile` if you need them.
 *
 * @see https://clickup.com/api/developer-portal/authentication/
 */
export default function ClickUp(options: OAuthUserConfig<ClickUpProfile> = {}): OAuthConfig<ClickUpProfile> {
  return {
    id: 'click-up',
    name: 'ClickUp',
    type: 'oauth',
    authorization: 'https://app.clickup.com/api',
    token: 'https://api.clickup.com/api/v2/oauth/token',
    userinfo: 'https://api.clickup.com/api/v2/user',
    checks: ['state'],
    profile: (profile) => ({ id: String(profile.user.id), name: profile.user.username }),
    style: { bg: '#24292f', text: '#fff' },
    options,
  }
}
