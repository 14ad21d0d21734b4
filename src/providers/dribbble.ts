import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The user Dribbble returns from `/v2/user` (the fields Gatehouse reads; others pass through). */
export interface DribbbleProfile extends Record<string, unknown> {
  id: number
  name: string
  email?: string | null
  avatar_url: string | null
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`id` of `/v2/user`'

/**
 * Sign in with a Dribbble account through OAuth 2.0. Like Auth.js, the preset asks for the `scope` option you pass
 * (`public` by default on Dribbble's side when it is empty); `upload` adds write access.
 *
 * @see https://developer.dribbble.com/v2/oauth/
 */
export default function Dribbble(
  options: OAuthUserConfig<DribbbleProfile> & { scope?: string } = {},
): OAuthConfig<DribbbleProfile> {
  const { scope, ...rest } = options
  return {
    id: 'dribbble',
    name: 'Dribbble',
    type: 'oauth',
    authorization: { url: 'https://dribbble.com/oauth/authorize', params: { scope: scope ?? 'public' } },
    token: 'https://dribbble.com/oauth/token',
    userinfo: 'https://api.dribbble.com/v2/user',
    profile: (profile) => ({
      id: String(profile.id),
      name: profile.name,
      email: profile.email ?? null,
      image: profile.avatar_url,
    }),
    style: { bg: '#000', text: '#fff' },
    options: rest,
  }
}
