import { describe, expect, it } from 'vitest'
import { Auth } from '../auth.js'
import { customFetch } from '../symbols.js'
import type { AuthConfig, User } from '../types.js'
import type { OAuthConfig } from './provider-types.js'

const ORIGIN = 'https://app.example.com'

interface Row {
  id: string
  /** Origin and path of the authorization endpoint (discovered ones come from the fake discovery below). */
  authorize: string
  scope: string
  checks: Array<'pkce' | 'state' | 'nonce'>
  fixture: Record<string, unknown>
  user: User
  issuer?: string
}

const oidc = (issuer: string) => `${issuer}/authorize`
const rows: Row[] = [
  {
    id: 'apple',
    authorize: oidc('https://appleid.apple.com'),
    scope: 'name email',
    checks: ['nonce', 'state'],
    fixture: { sub: 'a1', email: 'a@x.io', user: { name: { firstName: 'Ada', lastName: 'L' } } },
    user: { id: 'a1', name: 'Ada L', email: 'a@x.io', image: null },
  },
  {
    id: 'atlassian',
    authorize: 'https://auth.atlassian.com/authorize',
    scope: 'read:me',
    checks: ['state'],
    fixture: { account_id: 'at1', name: 'At', email: 'at@x.io', picture: 'https://p/at' },
    user: { id: 'at1', name: 'At', email: 'at@x.io', image: 'https://p/at' },
  },
  {
    id: 'auth0',
    issuer: 'https://tenant.auth0.com',
    authorize: oidc('https://tenant.auth0.com'),
    scope: 'openid profile email',
    checks: ['pkce'],
    fixture: { sub: 'auth0|1', name: 'Zero', email: 'z@x.io', picture: 'https://p/z' },
    user: { id: 'auth0|1', name: 'Zero', email: 'z@x.io', image: 'https://p/z' },
  },
  {
    id: 'authentik',
    issuer: 'https://ak.example.com/application/o/app',
    authorize: oidc('https://ak.example.com/application/o/app'),
    scope: 'openid profile email',
    checks: ['pkce'],
    fixture: { sub: 'ak', preferred_username: 'akuser' },
    user: { id: 'ak', name: 'akuser', email: null, image: null },
  },
  {
    id: 'azure-ad-b2c',
    issuer: 'https://t.b2clogin.com/tid/v2.0',
    authorize: oidc('https://t.b2clogin.com/tid/v2.0'),
    scope: 'openid profile email',
    checks: ['pkce'],
    fixture: { sub: 'b2c', name: 'B', emails: ['b@x.io'] },
    user: { id: 'b2c', name: 'B', email: 'b@x.io', image: null },
  },
  {
    id: 'battlenet',
    authorize: oidc('https://oauth.battle.net'),
    scope: 'openid profile email',
    checks: ['pkce'],
    fixture: { sub: '42', battle_tag: 'Hero#1234' },
    user: { id: '42', name: 'Hero#1234', email: null, image: null },
  },
  {
    id: 'bitbucket',
    authorize: 'https://bitbucket.org/site/oauth2/authorize',
    scope: 'account',
    checks: ['pkce'],
    fixture: { account_id: 'bb', username: 'bbu', links: { avatar: { href: 'https://p/bb' } } },
    user: { id: 'bb', name: 'bbu', email: null, image: 'https://p/bb' },
  },
  {
    id: 'cognito',
    issuer: 'https://cognito-idp.eu-west-1.amazonaws.com/pool',
    authorize: oidc('https://cognito-idp.eu-west-1.amazonaws.com/pool'),
    scope: 'openid profile email',
    checks: ['pkce'],
    fixture: { sub: 'c1', email: 'c@x.io' },
    user: { id: 'c1', name: null, email: 'c@x.io', image: null },
  },
  {
    id: 'discord',
    authorize: 'https://discord.com/api/oauth2/authorize',
    scope: 'identify email',
    checks: ['pkce'],
    fixture: {
      id: '80351110224678912',
      username: 'nelly',
      global_name: 'Nelly',
      avatar: '8342729096ea3675442027381ff50dfe',
      email: 'n@x.io',
    },
    user: {
      id: '80351110224678912',
      name: 'Nelly',
      email: 'n@x.io',
      image: 'https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png',
    },
  },
  {
    id: 'dropbox',
    authorize: 'https://www.dropbox.com/oauth2/authorize',
    scope: 'account_info.read',
    checks: ['pkce'],
    fixture: { account_id: 'dbid:1', name: { display_name: 'Drop' }, email: 'd@x.io' },
    user: { id: 'dbid:1', name: 'Drop', email: 'd@x.io', image: null },
  },
  {
    id: 'facebook',
    authorize: 'https://www.facebook.com/v19.0/dialog/oauth',
    scope: 'email',
    checks: ['pkce'],
    fixture: { id: 'fb1', name: 'Face', email: 'f@x.io', picture: { data: { url: 'https://p/f' } } },
    user: { id: 'fb1', name: 'Face', email: 'f@x.io', image: 'https://p/f' },
  },
  {
    id: 'github',
    authorize: 'https://github.com/login/oauth/authorize',
    scope: 'read:user user:email',
    checks: ['pkce'],
    fixture: { id: 1, login: 'octocat', name: null, email: 'o@x.io', avatar_url: 'https://p/o' },
    user: { id: '1', name: 'octocat', email: 'o@x.io', image: 'https://p/o' },
  },
  {
    id: 'gitlab',
    authorize: 'https://gitlab.com/oauth/authorize',
    scope: 'read_user',
    checks: ['pkce'],
    fixture: { id: 7, username: 'gl', email: 'g@x.io', avatar_url: 'https://p/g' },
    user: { id: '7', name: 'gl', email: 'g@x.io', image: 'https://p/g' },
  },
  {
    id: 'google',
    authorize: oidc('https://accounts.google.com'),
    scope: 'openid profile email',
    checks: ['pkce'],
    fixture: { sub: '1089', name: 'Goo', email: 'g@gmail.com', picture: 'https://p/goo' },
    user: { id: '1089', name: 'Goo', email: 'g@gmail.com', image: 'https://p/goo' },
  },
  {
    id: 'hubspot',
    authorize: 'https://app.hubspot.com/oauth/authorize',
    scope: 'oauth',
    checks: ['state'],
    fixture: { user_id: 123, user: 'h@x.io' },
    user: { id: '123', name: 'h@x.io', email: 'h@x.io', image: null },
  },
  {
    id: 'keycloak',
    issuer: 'https://kc.example.com/realms/r',
    authorize: oidc('https://kc.example.com/realms/r'),
    scope: 'openid profile email',
    checks: ['pkce'],
    fixture: { sub: 'k', name: 'Kc', email: 'k@x.io' },
    user: { id: 'k', name: 'Kc', email: 'k@x.io', image: null },
  },
  {
    id: 'linkedin',
    authorize: oidc('https://www.linkedin.com/oauth'),
    scope: 'openid profile email',
    checks: ['state'],
    fixture: { sub: 'li', name: 'Lin', email: 'l@x.io', picture: 'https://p/l' },
    user: { id: 'li', name: 'Lin', email: 'l@x.io', image: 'https://p/l' },
  },
  {
    id: 'microsoft-entra-id',
    issuer: 'https://login.microsoftonline.com/tid/v2.0',
    authorize: oidc('https://login.microsoftonline.com/tid/v2.0'),
    scope: 'openid profile email User.Read',
    checks: ['pkce'],
    fixture: { sub: 'ms', name: 'Ms', preferred_username: 'm@x.io' },
    user: { id: 'ms', name: 'Ms', email: 'm@x.io', image: null },
  },
  {
    id: 'notion',
    authorize: 'https://api.notion.com/v1/oauth/authorize',
    scope: 'openid profile email',
    checks: ['pkce'],
    fixture: { id: 'n1', name: 'No', person: { email: 'no@x.io' }, avatar_url: null },
    user: { id: 'n1', name: 'No', email: 'no@x.io', image: null },
  },
  {
    id: 'okta',
    issuer: 'https://ex.okta.com/oauth2/default',
    authorize: oidc('https://ex.okta.com/oauth2/default'),
    scope: 'openid profile email',
    checks: ['pkce', 'state'],
    fixture: { sub: 'o', name: 'Ok', email: 'ok@x.io' },
    user: { id: 'o', name: 'Ok', email: 'ok@x.io', image: null },
  },
  {
    id: 'reddit',
    authorize: 'https://www.reddit.com/api/v1/authorize',
    scope: 'identity',
    checks: ['state'],
    fixture: { id: 'r1', name: 'redditor', icon_img: 'https://p/r?x=1' },
    user: { id: 'r1', name: 'redditor', email: null, image: 'https://p/r' },
  },
  {
    id: 'salesforce',
    authorize: oidc('https://login.salesforce.com'),
    scope: 'openid profile email',
    checks: ['pkce', 'state', 'nonce'],
    fixture: { sub: 'https://login.salesforce.com/id/00D/005', user_id: '005', name: 'Sf', email: 's@x.io' },
    user: { id: '005', name: 'Sf', email: 's@x.io', image: null },
  },
  {
    id: 'slack',
    authorize: oidc('https://slack.com'),
    scope: 'openid profile email',
    checks: ['nonce'],
    fixture: { sub: 'U1', name: 'Sl', email: 'sl@x.io', picture: 'https://p/s' },
    user: { id: 'U1', name: 'Sl', email: 'sl@x.io', image: 'https://p/s' },
  },
  {
    id: 'spotify',
    authorize: 'https://accounts.spotify.com/authorize',
    scope: 'user-read-email',
    checks: ['pkce'],
    fixture: { id: 'sp', display_name: 'Spot', email: 'sp@x.io', images: [{ url: 'https://p/sp' }] },
    user: { id: 'sp', name: 'Spot', email: 'sp@x.io', image: 'https://p/sp' },
  },
  {
    id: 'strava',
    authorize: 'https://www.strava.com/oauth/authorize',
    scope: 'read',
    checks: ['pkce'],
    fixture: { id: 99, firstname: 'Run', lastname: 'Ner', profile: 'https://p/st' },
    user: { id: '99', name: 'Run Ner', email: null, image: 'https://p/st' },
  },
  {
    id: 'twitch',
    authorize: oidc('https://id.twitch.tv/oauth2'),
    scope: 'openid user:read:email',
    checks: ['pkce'],
    fixture: { sub: 'tw', preferred_username: 'streamer', email: 't@x.io', picture: 'https://p/t' },
    user: { id: 'tw', name: 'streamer', email: 't@x.io', image: 'https://p/t' },
  },
  {
    id: 'twitter',
    authorize: 'https://x.com/i/oauth2/authorize',
    scope: 'users.read tweet.read offline.access',
    checks: ['pkce', 'state'],
    fixture: { data: { id: 'x1', name: 'Ex', username: 'ex', profile_image_url: 'https://p/x' } },
    user: { id: 'x1', name: 'Ex', email: null, image: 'https://p/x' },
  },
  {
    id: 'workos',
    authorize: 'https://api.workos.com/sso/authorize',
    scope: 'openid profile email',
    checks: ['pkce'],
    fixture: { id: 'prof_1', email: 'w@x.io', first_name: 'Wo', last_name: 'Rk', raw_attributes: {} },
    user: { id: 'prof_1', name: 'Wo Rk', email: 'w@x.io', image: null },
  },
  {
    id: 'zitadel',
    issuer: 'https://z.zitadel.cloud',
    authorize: oidc('https://z.zitadel.cloud'),
    scope: 'openid profile email',
    checks: ['pkce'],
    fixture: { sub: 'zi', name: 'Zi', email: 'zi@x.io' },
    user: { id: 'zi', name: 'Zi', email: 'zi@x.io', image: null },
  },
  {
    id: 'zoom',
    authorize: 'https://zoom.us/oauth/authorize',
    scope: '',
    checks: ['pkce'],
    fixture: { id: 'zm', first_name: 'Zo', last_name: 'Om', email: 'zo@x.io', pic_url: 'https://p/zo' },
    user: { id: 'zm', name: 'Zo Om', email: 'zo@x.io', image: 'https://p/zo' },
  },
]

/** Answers discovery for any issuer with endpoints under it; nothing else is fetched when building the URL. */
const discovery = (input: string | URL | Request): Promise<Response> => {
  const url = new URL(input instanceof Request ? input.url : input)
  const issuer = url.href.replace(/\/\.well-known\/openid-configuration$/, '')
  return Promise.resolve(
    Response.json({
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      userinfo_endpoint: `${issuer}/userinfo`,
      jwks_uri: `${issuer}/jwks`,
      code_challenge_methods_supported: ['S256'],
    }),
  )
}

async function authorizationUrl(provider: OAuthConfig): Promise<URL> {
  const config: AuthConfig = {
    secret: 'presets-test-secret-0123456789abcdef01',
    trustHost: true,
    providers: [provider],
    [customFetch]: discovery,
  }
  const csrf = await Auth(new Request(`${ORIGIN}/auth/csrf`), config)
  const { csrfToken } = (await csrf.json()) as { csrfToken: string }
  const cookie = csrf.headers.getSetCookie()[0]!.split(';')[0]!
  const res = await Auth(
    new Request(`${ORIGIN}/auth/signin/${provider.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: new URLSearchParams({ csrfToken }).toString(),
    }),
    config,
  )
  expect(res.status).toBe(302)
  return new URL(res.headers.get('location')!)
}

describe('built-in providers', () => {
  it('covers the 30 presets', () => {
    expect(rows).toHaveLength(30)
  })

  it.each(rows)('$id builds its authorization URL and maps a profile', async (row) => {
    const module = (await import(`./${row.id}.ts`)) as { default: (o: object) => OAuthConfig }
    const provider = module.default({
      clientId: 'client-id',
      clientSecret: 'client-secret',
      ...(row.issuer ? { issuer: row.issuer } : {}),
    })
    expect(provider.id).toBe(row.id)
    expect(provider.style?.bg).toMatch(/^#[0-9a-f]{3,6}$/)
    expect(provider.style?.logo).toBeUndefined()

    const url = await authorizationUrl(provider)
    expect(url.origin + url.pathname).toBe(row.authorize)
    expect(url.searchParams.get('client_id')).toBe('client-id')
    expect(url.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/auth/callback/${row.id}`)
    expect(url.searchParams.get('response_type')).toBe('code')
    expect(url.searchParams.get('scope')).toBe(row.scope)
    expect(url.searchParams.has('code_challenge')).toBe(row.checks.includes('pkce'))
    expect(url.searchParams.has('state')).toBe(row.checks.includes('state'))
    expect(url.searchParams.has('nonce')).toBe(row.checks.includes('nonce'))

    const user = provider.profile ? await provider.profile(row.fixture, {}) : defaultProfile(row.fixture)
    expect(user).toEqual(row.user)
  })
})

/** The mapping Gatehouse applies when a preset has no `profile` (normalize-provider's default). */
function defaultProfile(p: Record<string, unknown>): User {
  return {
    id: String(p['sub'] ?? p['id']),
    name: (p['name'] ?? p['nickname'] ?? p['preferred_username'] ?? null) as string | null,
    email: (p['email'] ?? null) as string | null,
    image: typeof p['picture'] === 'string' ? p['picture'] : null,
  }
}
