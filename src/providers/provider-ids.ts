/**
 * The ids of the built-in providers, as lists and as the unions Auth.js types `signIn(id)` and its configuration
 * with. A test keeps the lists equal to the presets in this folder.
 *
 * @module
 */

/**
 * The OAuth 2.0 and OpenID Connect presets: each provider's `id`, and its module name where that differs
 * (`ory-hydra`, whose id is `hydra`), as Auth.js's union has module names.
 */
export const oauthProviderIds = [
  '42-school',
  'apple',
  'asgardeo',
  'atlassian',
  'auth0',
  'authentik',
  'azure-ad',
  'azure-ad-b2c',
  'azure-devops',
  'bankid-no',
  'battlenet',
  'beyondidentity',
  'bitbucket',
  'box',
  'boxyhq-saml',
  'bungie',
  'click-up',
  'cognito',
  'coinbase',
  'concept2',
  'descope',
  'discord',
  'dribbble',
  'dropbox',
  'duende-identity-server6',
  'eventbrite',
  'eveonline',
  'facebook',
  'faceit',
  'figma',
  'foursquare',
  'freshbooks',
  'frontegg',
  'fusionauth',
  'github',
  'gitlab',
  'google',
  'hubspot',
  'huggingface',
  'hydra',
  'identity-server4',
  'instagram',
  'kakao',
  'keycloak',
  'kinde',
  'line',
  'linkedin',
  'logto',
  'mailchimp',
  'mailru',
  'mastodon',
  'mattermost',
  'medium',
  'microsoft-entra-id',
  'naver',
  'netlify',
  'netsuite',
  'nextcloud',
  'notion',
  'okta',
  'onelogin',
  'ory-hydra',
  'osso',
  'osu',
  'passage',
  'patreon',
  'ping-id',
  'pinterest',
  'pipedrive',
  'reddit',
  'roblox',
  'salesforce',
  'simplelogin',
  'slack',
  'spotify',
  'strava',
  'threads',
  'tiktok',
  'todoist',
  'trakt',
  'twitch',
  'twitter',
  'united-effects',
  'vipps',
  'vk',
  'webex',
  'wechat',
  'wikimedia',
  'wordpress',
  'workos',
  'yandex',
  'zitadel',
  'zoho',
  'zoom',
] as const

/** The e-mail senders. */
export const emailProviderIds = [
  'email',
  'forwardemail',
  'loops',
  'mailgun',
  'nodemailer',
  'postmark',
  'resend',
  'sendgrid',
] as const

/** The id of an OAuth or OpenID Connect preset. */
export type OAuthProviderId = (typeof oauthProviderIds)[number]

/** next-auth v4's name for {@link OAuthProviderId}. */
export type OAuthProviderType = OAuthProviderId

/** The id of an e-mail sender preset. */
export type EmailProviderId = (typeof emailProviderIds)[number]

/** The id of `Credentials()`. */
export type CredentialsProviderId = 'credentials'

/** The ids of `WebAuthn()` and `Passkey()`. */
export type WebAuthnProviderId = 'webauthn' | 'passkey'

/** The id of any built-in provider (next-auth v4's name, kept for code that still uses it). */
export type BuiltInProviderType =
  OAuthProviderId | EmailProviderId | CredentialsProviderId | WebAuthnProviderId

/** A provider id: a built-in one (completed by editors), or the id of a provider of your own. */
export type ProviderId = BuiltInProviderType | (string & {})
