/**
 * The answers where Gatehouse differs from Auth.js on purpose, in the scenarios of Auth.js's own core tests that
 * expect Auth.js's answer (scripts/authjs-suites.sh lists them; docs/differences-from-authjs.md says why). The
 * redirect proxy's allow-list is pinned in test/oauth/redirect-proxy.test.ts.
 */
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import { Auth } from '../../src/auth.js'
import { encode } from '../../src/jwt/index.js'
import Credentials from '../../src/providers/credentials.js'
import SendGrid from '../../src/providers/sendgrid.js'
import type { AuthConfig } from '../../src/types.js'
import { quietLogger } from '../database/session-flow-scenarios.js'

const ORIGIN = 'https://authjs.test'
const SESSION = '__Secure-authjs.session-token'
const secret = 'deliberate-differences-secret-0123456789'

function config(extra: Partial<AuthConfig> = {}): AuthConfig & { logger: ReturnType<typeof quietLogger> } {
  return { secret, trustHost: true, basePath: '/auth', providers: [], ...extra, logger: quietLogger() }
}

function get(path: string, cookies: Record<string, string> = {}): Request {
  const cookie = Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ')
  return new Request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} })
}

describe('sessions', () => {
  it('a JWT session younger than updateAge is answered without re-issuing its cookie', async () => {
    const token = await encode({ token: { name: 'test', email: 'test@test.com' }, secret, salt: SESSION })
    const res = await Auth(get('/auth/session', { [SESSION]: token }), config())
    expect(await res.json()).toMatchObject({ user: { name: 'test', email: 'test@test.com' } })
    expect(res.headers.getSetCookie().filter((c) => c.startsWith(SESSION))).toEqual([])
  })

  it('database session tokens are stored hashed: a row under the plain cookie value is no session', async () => {
    const adapter = MemoryAdapter()
    const user = await adapter.createUser({ id: 'u1', email: 'test@test.com', emailVerified: null })
    // Auth.js's database session tokens are UUIDs.
    const token = randomUUID()
    const expires = new Date(Date.now() + 86_400_000)
    await adapter.createSession({ sessionToken: token, userId: user.id, expires })
    const hashed = await Auth(get('/auth/session', { [SESSION]: token }), config({ adapter }))
    expect(await hashed.json()).toBeNull()
    // Where rows of Auth.js still exist, the migration mode reads them (and re-stores them hashed).
    const migrating = config({ adapter, session: { tokenStorage: 'hashed-accept-plain' } })
    const read = await Auth(get('/auth/session', { [SESSION]: token }), migrating)
    expect(await read.json()).toMatchObject({ user: { email: 'test@test.com' } })
  })
})

describe('an unusable callbackUrl', () => {
  it.each([
    ['the query', '/auth/session?callbackUrl=non-relative', {}, {}],
    ['the cookie', '/auth/session', { '__Secure-authjs.callback-url': 'a' }, {}],
    [
      'a custom cookie',
      '/auth/session',
      { 'custom-name': 'non-relative' },
      { cookies: { callbackUrl: { name: 'custom-name', options: {} } } },
    ],
  ])('in %s is ignored: the session check answers, not a 500', async (_, path, cookies, extra) => {
    const res = await Auth(get(path, cookies), config(extra))
    expect(res.status).toBe(200)
    expect(await res.json()).toBeNull()
  })

  it.each([
    ['non-relative', `${ORIGIN}/non-relative`],
    ['javascript:alert(1)', `${ORIGIN}/`],
  ])('%j becomes a same-origin address where a redirect needs one', async (callbackUrl, target) => {
    const res = await Auth(get(`/auth/signout?callbackUrl=${encodeURIComponent(callbackUrl)}`), config())
    expect(res.status).toBe(200)
    expect(await res.text()).toContain(`name="callbackUrl" value="${target}"`)
  })
})

describe('configuration checked up front', () => {
  it.each([
    ['an HTTP e-mail sender without its key', { providers: [SendGrid] }, /sendgrid.*apiKey/s],
    [
      'an adapter without the methods its strategy needs',
      {
        providers: [Credentials({ authorize: () => null })],
        adapter: { createVerificationToken: () => null, useVerificationToken: () => null },
        session: { strategy: 'database' as const },
      },
      /adapter.*getSessionAndUser/s,
    ],
  ])('refuses %s on every request, with the problem logged', async (_, extra, problem) => {
    const settings = config(extra)
    const res = await Auth(get('/auth/session'), settings)
    expect(res.status).toBe(500)
    expect(settings.logger.errors.map((e) => e.message).join('\n')).toMatch(problem)
  })
})

describe('error redirects name a bad request', () => {
  it('an unknown provider', async () => {
    const res = await Auth(get('/auth/callback/invalid-provider'), config())
    expect(res.headers.get('location')).toBe(`${ORIGIN}/auth/error?error=Configuration&code=bad_request`)
  })

  it('a GET on the credentials callback, to a custom error page', async () => {
    const res = await Auth(
      get('/auth/callback/credentials'),
      config({ providers: [Credentials()], pages: { error: '/custom/error' } }),
    )
    expect(res.headers.get('location')).toBe(`${ORIGIN}/custom/error?error=Configuration&code=bad_request`)
  })
})
