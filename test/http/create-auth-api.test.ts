/**
 * The API framework wrappers build on: `createAuth(...).getSession(request)` (the session with the cookies to set on
 * the answer) and `createAuth(...).handleRaw(request)` (the internal result, sign-in errors re-thrown).
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import { createAuth } from '../../src/create-auth.js'
import { CredentialsSignin } from '../../src/errors.js'
import { encode } from '../../src/jwt/encode.js'
import { skipCSRFCheck } from '../../src/symbols.js'
import { ALICE, SECRET, SESSION, baseConfig, recordingLogger } from './http-helpers.js'

const DAY = 86_400
const appRequest = (cookie?: string) =>
  new Request('http://app.test/dashboard', cookie === undefined ? {} : { headers: { cookie } })
const aliceToken = () =>
  encode({ token: { name: ALICE.name, email: ALICE.email, sub: ALICE.id }, secret: SECRET, salt: SESSION })

describe('getSession(request) with JWT sessions', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('returns the session and no cookie while the token is younger than updateAge', async () => {
    const { getSession } = createAuth(baseConfig())
    const result = await getSession(appRequest(`${SESSION}=${await aliceToken()}`))
    expect(result.session).toMatchObject({ user: { name: 'Alice', email: 'alice@example.test' } })
    expect(result.cookies).toStrictEqual([])
    expect(result.setCookie).toStrictEqual([])
  })

  it('returns the re-issued session cookie once updateAge has passed', async () => {
    const { getSession, auth } = createAuth(baseConfig())
    const token = await aliceToken()
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 2 * DAY * 1000)
    const result = await getSession(appRequest(`${SESSION}=${token}`))
    expect(result.session).toMatchObject({ user: { name: 'Alice' } })
    expect(result.cookies).toHaveLength(1)
    const [cookie] = result.cookies
    expect(cookie!.name).toBe(SESSION)
    expect(cookie!.value).not.toBe(token)
    expect(cookie!.options).toMatchObject({ httpOnly: true, path: '/', sameSite: 'lax' })
    expect((cookie!.options.expires as Date).getTime()).toBe(Date.now() + 30 * DAY * 1000)
    expect(result.setCookie).toHaveLength(1)
    expect(result.setCookie[0]).toMatch(new RegExp(`^${SESSION}=${cookie!.value}; `))
    expect(result.setCookie[0]).toContain('HttpOnly')
    // The re-issued cookie is a working session; auth() on the same request drops it (its documented contract).
    expect((await getSession(appRequest(`${SESSION}=${cookie!.value}`))).session).toMatchObject({
      user: { name: 'Alice' },
    })
    expect(await auth(appRequest(`${SESSION}=${token}`))).toMatchObject({ user: { name: 'Alice' } })
  })

  it('gives a null session and the clearing cookie for a tampered token', async () => {
    const logger = recordingLogger()
    const { getSession } = createAuth(baseConfig({ logger }))
    const token = await aliceToken()
    const result = await getSession(appRequest(`${SESSION}=${token.slice(0, -4)}AAAA`))
    expect(result.session).toBeNull()
    expect(result.cookies.map((c) => [c.name, c.value, c.options.maxAge])).toStrictEqual([[SESSION, '', 0]])
    expect(result.setCookie).toHaveLength(1)
    expect(result.setCookie[0]).toMatch(new RegExp(`^${SESSION}=; .*Max-Age=0`))
    expect(logger.errors.length).toBeGreaterThan(0)
  })

  it('gives null and no cookie without a session cookie', async () => {
    const { getSession } = createAuth(baseConfig())
    expect(await getSession(appRequest())).toStrictEqual({ session: null, cookies: [], setCookie: [] })
  })

  it('fails closed when a callback throws: null, the cookie cleared as on GET /session, the error logged', async () => {
    const logger = recordingLogger()
    const { getSession } = createAuth(
      baseConfig({
        logger,
        callbacks: {
          session: () => {
            throw new Error('boom')
          },
        },
      }),
    )
    const result = await getSession(appRequest(`${SESSION}=${await aliceToken()}`))
    expect(result.session).toBeNull()
    expect(result.cookies.map((c) => [c.name, c.options.maxAge])).toStrictEqual([[SESSION, 0]])
    expect(logger.errors.length).toBe(1)
  })

  it('fails closed on a broken configuration: null and no cookie', async () => {
    const { getSession } = createAuth({
      ...baseConfig({ logger: recordingLogger() }),
      secret: undefined,
      session: { maxAge: -1 },
    })
    expect(await getSession(appRequest(`${SESSION}=x`))).toStrictEqual({
      session: null,
      cookies: [],
      setCookie: [],
    })
  })
})

describe('getSession(request) with database sessions', () => {
  const maxAge = 30 * DAY
  async function setup(expiresInSeconds: number) {
    const adapter = MemoryAdapter()
    await adapter.createUser({ ...ALICE, id: 'user-1', email: ALICE.email!, emailVerified: null })
    await adapter.createSession({
      sessionToken: 'plain-token',
      userId: 'user-1',
      expires: new Date(Date.now() + expiresInSeconds * 1000),
    })
    const instance = createAuth(
      baseConfig({
        adapter,
        session: { strategy: 'database', tokenStorage: 'plain', maxAge, updateAge: DAY },
      }),
    )
    return { adapter, ...instance }
  }

  it('returns no cookie while the last write is younger than updateAge', async () => {
    const { getSession } = await setup(maxAge - 60)
    const result = await getSession(appRequest(`${SESSION}=plain-token`))
    expect(result.session).toMatchObject({ user: { email: 'alice@example.test' } })
    expect(result.cookies).toStrictEqual([])
  })

  it('returns the session cookie with the extended expiry once updateAge has passed', async () => {
    const { getSession, adapter } = await setup(maxAge - 2 * DAY)
    const result = await getSession(appRequest(`${SESSION}=plain-token`))
    expect(result.session).toMatchObject({ user: { email: 'alice@example.test' } })
    expect(result.cookies.map((c) => [c.name, c.value])).toStrictEqual([[SESSION, 'plain-token']])
    const expires = result.cookies[0]!.options.expires as Date
    expect(expires.getTime()).toBeGreaterThan(Date.now() + maxAge * 1000 - 60_000)
    expect(result.setCookie[0]).toMatch(new RegExp(`^${SESSION}=plain-token; `))
    const stored = await adapter.getSessionAndUser('plain-token')
    expect(stored!.session.expires.getTime()).toBe(expires.getTime())
  })

  it('gives null and the clearing cookie for an unknown token', async () => {
    const { getSession } = await setup(maxAge)
    const result = await getSession(appRequest(`${SESSION}=forged-token`))
    expect(result.session).toBeNull()
    expect(result.cookies.map((c) => [c.name, c.options.maxAge])).toStrictEqual([[SESSION, 0]])
  })
})

describe('handleRaw(request)', () => {
  const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    new Request('http://app.test/auth/callback/credentials', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    })

  it('returns the internal result of a sign-in, while the handlers still answer Responses', async () => {
    const { handleRaw, handlers } = createAuth(baseConfig({ skipCSRFCheck }))
    const result = await handleRaw(post({ username: 'alice', password: 'wonderland' }))
    expect(result).not.toBeInstanceOf(Response)
    expect(result.redirect).toBe('http://app.test/')
    expect(result.cookies?.map((c) => c.name)).toContain(SESSION)
    expect(await handlers.POST(post({ username: 'alice', password: 'wonderland' }))).toBeInstanceOf(Response)
  })

  it('re-throws CredentialsSignin without X-Auth-Return-Redirect', async () => {
    const { handleRaw, handlers } = createAuth(baseConfig({ skipCSRFCheck }))
    await expect(handleRaw(post({ username: 'alice', password: 'bad' }))).rejects.toBeInstanceOf(
      CredentialsSignin,
    )
    // The handlers of the same instance are not in raw mode: the error is an answer, not a throw.
    const res = await handlers.POST(post({ username: 'alice', password: 'bad' }))
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toContain('error=CredentialsSignin')
  })

  it('answers JSON instead of throwing with X-Auth-Return-Redirect', async () => {
    const { handleRaw } = createAuth(baseConfig({ skipCSRFCheck }))
    const result = await handleRaw(
      post({ username: 'alice', password: 'bad' }, { 'X-Auth-Return-Redirect': '1' }),
    )
    expect(result.status).toBe(401)
    expect(result.body).toStrictEqual({
      url: 'http://app.test/auth/signin?error=CredentialsSignin&code=credentials',
    })
  })

  it('returns the internal result of a GET', async () => {
    const { handleRaw } = createAuth(baseConfig())
    expect(await handleRaw(new Request('http://app.test/auth/session'))).toMatchObject({
      status: 200,
      body: null,
    })
  })

  it('returns the configuration error result for a broken configuration', async () => {
    const { handleRaw } = createAuth({
      ...baseConfig({ logger: recordingLogger() }),
      secret: undefined,
      session: { maxAge: -1 },
    })
    const result = await handleRaw(new Request('http://app.test/auth/session'))
    expect(result).not.toBeInstanceOf(Response)
    expect(result.status).toBe(500)
    expect(result.body).toMatchObject({ message: expect.stringContaining('server configuration') as string })
  })
})
