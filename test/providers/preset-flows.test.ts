import { readdirSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Auth } from '../../src/auth.js'
import type { OAuthConfig } from '../../src/providers/provider-types.js'
import { customFetch } from '../../src/symbols.js'
import type { Account, AuthConfig, User } from '../../src/types.js'
import { earlierOauthRows, earlierOidcRows, oauthRows, oidcRows, type PresetRow } from './preset-rows.js'
import { startProviderPlayer, type ProviderPlayer } from './support/provider-player.js'

// Every preset signs a user in against a loopback server that plays its provider: OAuth presets keep their real
// endpoints and reach the player through a rewriting `customFetch`; OIDC presets get a loopback `issuer` and are
// discovered there. What the player received is checked against what the provider documents.
const ORIGIN = 'https://app.example.com'
const CLIENT = { clientId: 'clientid', clientSecret: 'clientsecret' }
let player: ProviderPlayer

beforeAll(async () => {
  player = await startProviderPlayer()
})
afterAll(async () => {
  await player.close()
})

interface Outcome {
  location: URL
  callback: Response
  signedIn: { user: User; account: Account | null } | undefined
  errors: Error[]
}

function fill(template: string, issuerBase: string): string {
  return template.replace('{op}', `${player.origin}/op`).replace('{issuer}', issuerBase)
}

/** Where a URL lands on the player: its own path for loopback URLs, `/<host><path>` for rewritten ones. */
function playedPath(url: string): string {
  const u = new URL(url)
  return u.hostname === '127.0.0.1' ? u.pathname : `/${u.host}${u.pathname}`
}

async function signInWith(
  row: PresetRow,
  forge?: 'iss' | 'aud' | 'userinfo-key',
): Promise<Outcome & { issuerBase: string }> {
  const module = (await import(`../../src/providers/${row.module}.ts`)) as {
    default: (o: object) => OAuthConfig
  }
  const isOidc = row.claims !== undefined
  const issuerBase = `${player.origin}/oidc/${row.module}`
  const preset = module.default({ ...CLIENT, ...(isOidc ? { issuer: issuerBase } : {}), ...row.options })
  const merged = { ...preset, ...preset.options }
  player.script = {
    // The issuer the preset ends up with (some append a path to the `issuer` option: Asgardeo, OneLogin).
    issuer: isOidc && typeof merged.issuer === 'string' ? merged.issuer : '',
    ...CLIENT,
    tokens: row.tokens ?? { access_token: 'access-token', token_type: 'bearer', expires_in: 3600 },
    ...(row.tokenHeaders ? { tokenHeaders: row.tokenHeaders } : {}),
    ...(row.claims ? { idToken: row.claims } : {}),
    ...(row.hs256 ? { hs256: true } : {}),
    ...(forge ? { forge } : {}),
    userinfo: row.userinfo ?? row.claims ?? {},
    ...(row.userinfoJwt ? { userinfoJwt: true } : {}),
  }
  player.requests.length = 0
  let signedIn: Outcome['signedIn']
  const errors: Error[] = []
  const config: AuthConfig = {
    secret: 'preset-flows-secret-0123456789abcdef0123',
    trustHost: true,
    providers: [preset],
    [customFetch]: player.rewrite,
    logger: { error: (e) => errors.push(e), warn: () => {} },
    callbacks: {
      signIn: ({ user, account }) => {
        signedIn = { user, account }
        return true
      },
    },
  }
  const csrf = await Auth(new Request(`${ORIGIN}/auth/csrf`), config)
  const { csrfToken } = (await csrf.json()) as { csrfToken: string }
  const cookies = new Map<string, string>()
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';')
      const at = pair.indexOf('=')
      cookies.set(pair.slice(0, at), pair.slice(at + 1))
    }
  }
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  keep(csrf)
  const start = await Auth(
    new Request(`${ORIGIN}/auth/signin/${preset.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookieHeader() },
      body: new URLSearchParams({ csrfToken }).toString(),
    }),
    config,
  )
  expect(start.status).toBe(302)
  keep(start)
  const location = new URL(start.headers.get('location')!)
  const nonce = location.searchParams.get('nonce')
  if (nonce) player.script.nonce = nonce
  const back = new URL(`${ORIGIN}/auth/callback/${preset.id}`)
  back.searchParams.set('code', 'the-code')
  const state = location.searchParams.get('state')
  if (state) back.searchParams.set('state', state)
  const callback = await Auth(new Request(back, { headers: { cookie: cookieHeader() } }), config)
  return { location, callback, signedIn, errors, issuerBase }
}

const allOidc = [...oidcRows, ...earlierOidcRows]
const rows = [...oauthRows, ...earlierOauthRows, ...allOidc]

describe('every preset against a loopback provider', () => {
  it('has a row for every OAuth/OIDC preset module', async () => {
    const candidates = readdirSync(new URL('../../src/providers/', import.meta.url))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'provider-types.ts')
      .map((f) => f.slice(0, -'.ts'.length))
    // Other kinds (credentials, e-mail senders, WebAuthn) live beside the presets: kept out by their type.
    const modules: string[] = []
    for (const m of candidates) {
      const mod = (await import(`../../src/providers/${m}.ts`)) as {
        default?: (o: object) => { type: string }
      }
      if (typeof mod.default !== 'function') continue // the types and id lists of gatehouse-auth/providers
      const { type } = mod.default(m === 'credentials' ? { authorize: () => null } : {})
      if (type === 'oauth' || type === 'oidc') modules.push(m)
    }
    expect(modules.length).toBeGreaterThan(90)
    expect(rows.map((r) => r.module).sort()).toEqual(modules.sort())
  })

  it.each(rows)('$module: authorization URL, token request, profile', async (row) => {
    const { location, callback, signedIn, errors, issuerBase } = await signInWith(row)

    // The authorization URL: endpoint, scopes, checks and extra parameters.
    expect(location.origin + location.pathname).toBe(fill(row.authorize, issuerBase))
    const q = location.searchParams
    expect(q.get('client_id')).toBe('clientid')
    expect(q.get('response_type')).toBe(row.params?.['response_type'] ?? 'code')
    expect(q.get('redirect_uri')).toBe(`${ORIGIN}/auth/callback/${row.id ?? row.module}`)
    expect(q.get('scope')).toBe(row.scope)
    expect(q.has('code_challenge')).toBe(row.checks.includes('pkce'))
    expect(q.has('state')).toBe(row.checks.includes('state'))
    expect(q.has('nonce')).toBe(row.checks.includes('nonce'))
    for (const [key, value] of Object.entries(row.params ?? {})) expect(q.get(key)).toBe(value)

    // The sign-in went through, and the token request reached the documented endpoint, authenticated as documented.
    expect(
      errors.map(
        (e) => `${e.name}: ${e.message} ${String((e.cause as { err?: Error } | undefined)?.err ?? e.cause)}`,
      ),
    ).toEqual([])
    expect(callback.status).toBe(302)
    expect(callback.headers.get('location')).not.toContain('error')
    const tokenRequest = player.requests.find(
      (r) => r.method === 'POST' && new URLSearchParams(r.body).has('grant_type'),
    )
    expect(tokenRequest?.path).toBe(playedPath(fill(row.token, issuerBase)))
    const body = new URLSearchParams(tokenRequest!.body)
    const basic = `Basic ${Buffer.from('clientid:clientsecret').toString('base64')}`
    if (row.auth === 'basic') {
      expect(tokenRequest!.headers['authorization']).toBe(basic)
      expect(body.has('client_secret')).toBe(false)
    } else if (row.auth === 'post') {
      expect(tokenRequest!.headers['authorization']).toBeUndefined()
      expect(body.get('client_id')).toBe('clientid')
      expect(body.get('client_secret')).toBe('clientsecret')
    } else {
      expect(body.get('client_assertion')).toBe('clientsecret')
      expect(body.get('assertion')).toBe('the-code')
      expect(body.get('redirect_uri')).toBe(`${ORIGIN}/auth/callback/${row.module}`)
    }
    for (const [key, value] of Object.entries(row.tokenBody ?? {})) expect(body.get(key)).toBe(value)
    if (q.has('code_challenge')) expect(body.get('code_verifier')).toMatch(/^[\w-]{43,}$/)

    // profile(): the user Gatehouse made of the provider's sample answer.
    expect(signedIn?.account?.providerAccountId).toBe(row.user.id)
    const { user } = signedIn!
    expect({ name: user.name ?? null, email: user.email ?? null, image: user.image ?? null }).toEqual({
      name: row.user.name,
      email: row.user.email,
      image: row.user.image,
    })
  })
})

describe('ID token validation of every OIDC preset', () => {
  it.each(allOidc)(
    '$module: discovery at the loopback issuer, and a token for another issuer or audience is refused',
    async (row) => {
      const ok = await signInWith(row)
      expect(ok.signedIn).toBeDefined()
      expect(player.requests.some((r) => r.path.endsWith('/.well-known/openid-configuration'))).toBe(true)
      for (const forge of ['iss', 'aud'] as const) {
        const bad = await signInWith(row, forge)
        expect(bad.signedIn).toBeUndefined()
        expect(bad.callback.status).toBe(302)
        expect(bad.callback.headers.get('location')).toContain('error=')
        expect(bad.errors.length).toBeGreaterThan(0)
      }
    },
  )
})

describe('an issuer with a trailing slash', () => {
  it('is compared as written, so a provider whose issuer ends in "/" (Roblox, Vipps) signs in', async () => {
    const roblox = oidcRows.find((r) => r.module === 'roblox')!
    const slashed = { ...roblox, options: { issuer: `${player.origin}/oidc/roblox/` } }
    const { signedIn, errors } = await signInWith(slashed)
    expect(player.script.issuer.endsWith('/')).toBe(true)
    expect(errors).toEqual([])
    expect(signedIn?.account?.providerAccountId).toBe(roblox.user.id)
    expect(player.requests[0]?.path).toBe('/oidc/roblox/.well-known/openid-configuration')
  })
})

describe('a signed userinfo response', () => {
  it("is verified with the provider's keys (BankID Norway asks for one): another key is refused", async () => {
    const bankid = oidcRows.find((r) => r.module === 'bankid-no')!
    expect(bankid.userinfoJwt).toBe(true)
    const bad = await signInWith(bankid, 'userinfo-key')
    expect(bad.signedIn).toBeUndefined()
    expect(bad.callback.headers.get('location')).toContain('error=')
    expect(bad.errors.length).toBeGreaterThan(0)
  })
})
