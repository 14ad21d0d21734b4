import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The profile Slack returns (the fields Gatehouse reads; others pass through). */
export interface SlackProfile extends Record<string, unknown> {
  sub: string
  name?: string
  email?: string
  picture?: string
  'https://slack.com/team_id'?: string
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`sub` of the ID token'

/**
 * Sign in with Slack (OpenID Connect). Slack's sign-in does not support PKCE, so a `nonce` binds the ID token
 * to the browser.
 *
 * @example
 * ```ts
 * import Slack from 'gatehouse-auth/providers/slack'
 * createAuth({ providers: [Slack] }) // AUTH_SLACK_ID, AUTH_SLACK_SECRET
 * ```
 * @see https://api.slack.com/authentication/sign-in-with-slack
 */
export default function Slack(options: OAuthUserConfig<SlackProfile> = {}): OAuthConfig<SlackProfile> {
  return {
    id: 'slack',
    name: 'Slack',
    type: 'oidc',
    issuer: 'https://slack.com',
    checks: ['nonce'],
    profile: (profile) => ({
      id: profile.sub,
      name: profile.name ?? null,
      email: profile.email ?? null,
      image: profile.picture ?? null,
    }),
    style: { bg: '#611f69', text: '#fff' },
    options,
  }
}
