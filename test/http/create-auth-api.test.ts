/**
 * The API framework wrappers build on: `createAuth(...).getSession(request)` (the session with the cookies to set on
 * the answer) and `createAuth(...).handleRaw(request)` (the internal result, sign-in errors re-thrown).
 */
import { describe, expect, it } from 'vitest'
import { createAuth } from '../../src/create-auth.js'
import { CredentialsSignin } from '../../src/errors.js'
import { skipCSRFCheck } from '../../src/symbols.js'
import { SESSION, baseConfig, recordingLogger } from './http-helpers.js'

const appRequest = (cookie?: string) =>
  new Request('http://app.test/dashboard', cookie === undefined ? {} : { headers: { cookie } })

// The session read over both strategies (no cookie, before and past updateAge, a tampered cookie, a throwing
// callback) is test/support/session-strategy-suite.ts; what is left here is the configuration's part.
describe('getSession(request)', () => {
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
