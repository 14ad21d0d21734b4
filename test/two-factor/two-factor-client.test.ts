/**
 * `gatehouse-auth/client` with two-factor sign-in, in Node against a real server (the client's requests carry the
 * cookies a browser would keep): `signIn` resolves with the challenge `url`, `verifyTwoFactor` with the error of a
 * wrong code and then the session of the right one.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { getSession, signIn, verifyTwoFactor } from '../../src/client/index.js'
import { resolveConfig } from '../../src/config/resolve-config.js'
import { CookieJar } from '../support/cookie-jar.js'
import { stepAt, totpCode } from '../support/rfc6238.js'
import { serveResolved } from '../sign-in-gates/gate-harness.js'
import { enrolledConfig, TOTP } from './integration-case.js'

let app: Awaited<ReturnType<typeof serveResolved>>
const jar = new CookieJar()
const realFetch = globalThis.fetch

beforeAll(async () => {
  const config = await enrolledConfig()
  app = await serveResolved(() => resolveConfig(config, {}))
  vi.stubEnv('NEXTAUTH_URL_INTERNAL', `${app.origin}/auth`)
  // The browser's cookie jar: every request of the client sends and keeps this one's cookies.
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers)
    if (jar.header()) headers.set('cookie', jar.header())
    const response = await realFetch(url, { ...init, headers, redirect: 'manual' })
    jar.take(response)
    return response
  })
})
afterAll(async () => {
  vi.unstubAllGlobals()
  vi.unstubAllEnvs()
  await app?.close()
})
afterEach(() => void vi.clearAllMocks())

describe('the browser client with two-factor sign-in', () => {
  it('signIn resolves with the challenge url; verifyTwoFactor refuses a wrong code and completes with the right', async () => {
    const held = await signIn('pw', { email: 'alice@example.test', password: 'secret', redirect: false })
    expect(held).toMatchObject({ ok: true, error: undefined, url: `${app.origin}/auth/two-factor` })
    expect(await getSession()).toBeNull()

    const wrong = await verifyTwoFactor('000000', { redirect: false })
    expect(wrong).toMatchObject({ ok: false, error: 'invalid', url: null })
    expect(await getSession()).toBeNull()

    const right = await verifyTwoFactor(totpCode(TOTP, stepAt()), { redirect: false })
    expect(right).toMatchObject({ ok: true, error: undefined })
    expect((await getSession())?.user?.email).toBe('alice@example.test')
  })
})
