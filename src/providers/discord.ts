import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The profile Discord returns (the fields Gatehouse reads; others pass through). */
export interface DiscordProfile extends Record<string, unknown> {
  id: string
  username: string
  global_name?: string | null
  discriminator?: string
  avatar: string | null
  email?: string | null
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`id` of `/users/@me`'

/**
 * Sign in with a Discord account through OAuth 2.0. The `identify email` scopes read the user from
 * `/users/@me`; a user without an avatar gets Discord's default avatar image.
 *
 * @example
 * ```ts
 * import Discord from 'gatehouse-auth/providers/discord'
 * createAuth({ providers: [Discord] }) // AUTH_DISCORD_ID, AUTH_DISCORD_SECRET
 * ```
 * @see https://discord.com/developers/docs/topics/oauth2
 */
export default function Discord(options: OAuthUserConfig<DiscordProfile> = {}): OAuthConfig<DiscordProfile> {
  return {
    id: 'discord',
    name: 'Discord',
    type: 'oauth',
    authorization: { url: 'https://discord.com/api/oauth2/authorize', params: { scope: 'identify email' } },
    token: 'https://discord.com/api/oauth2/token',
    userinfo: 'https://discord.com/api/users/@me',
    profile: (profile) => ({
      id: profile.id,
      name: profile.global_name ?? profile.username,
      email: profile.email ?? null,
      image: discordAvatar(profile),
    }),
    style: { bg: '#5865f2', text: '#fff' },
    options,
  }
}

/** The avatar URL: the user's own, or Discord's default one, whose index depends on the id (new usernames) or discriminator. */
function discordAvatar(profile: DiscordProfile): string {
  if (profile.avatar) {
    const format = profile.avatar.startsWith('a_') ? 'gif' : 'png'
    return `https://cdn.discordapp.com/avatars/${profile.id}/${profile.avatar}.${format}`
  }
  const index =
    profile.discriminator === undefined || profile.discriminator === '0'
      ? Number((BigInt(profile.id) >> 22n) % 6n)
      : Number(profile.discriminator) % 5
  return `https://cdn.discordapp.com/embed/avatars/${index}.png`
}
