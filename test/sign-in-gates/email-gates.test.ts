/**
 * A gate after an e-mail link, on real SQLite: the confirmed address is stored (verified) before the hold, the
 * session only after it, and the stored user's `emailVerified` reaches the `jwt` callback as a `Date`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailConfig, ORIGIN, SAME_ORIGIN, sqliteEmailBackend } from '../email/flow-harness.js'
import { CookieJar } from '../support/cookie-jar.js'
import {
  gatedConfig,
  inProcess,
  PENDING,
  recording,
  seenRecord,
  SESSION,
  setNames,
  testGate,
} from './gate-harness.js'

type Backend = Awaited<ReturnType<typeof sqliteEmailBackend.setup>>
let backend: Backend
beforeAll(async () => {
  backend = await sqliteEmailBackend.setup()
})
afterAll(async () => {
  await backend?.teardown()
})

const decode = (s: string) => s.replaceAll('&amp;', '&').replaceAll('&#39;', "'").replaceAll('&quot;', '"')

describe('a gate after an e-mail link (SQLite)', () => {
  it('holds the confirmed sign-in, then resumes it into the session', async () => {
    const seen = seenRecord()
    const { config, mails } = emailConfig(backend.adapter, { strategy: 'jwt' })
    const browser = inProcess(gatedConfig(recording(seen, config), [testGate('test-gate', seen)]), ORIGIN)
    const jar = new CookieJar()
    await browser.post(
      jar,
      '/auth/signin/email',
      { csrfToken: await browser.csrf(jar), email: 'carol@example.test', callbackUrl: `${ORIGIN}/dashboard` },
      SAME_ORIGIN,
    )
    const link = mails.at(-1)!.url
    const page = await (await browser.call(jar, link)).text()
    const field = (name: string) => decode(new RegExp(`name="${name}" value="([^"]*)"`).exec(page)?.[1] ?? '')
    const confirmed = await browser.post(
      jar,
      '/auth/callback/email',
      {
        csrfToken: field('csrfToken'),
        token: field('token'),
        email: field('email'),
        callbackUrl: field('callbackUrl'),
      },
      SAME_ORIGIN,
    )
    expect(confirmed.headers.get('location')).toBe(`${ORIGIN}/auth/test-gate`)
    expect(setNames(confirmed)).toContain(PENDING)
    expect(setNames(confirmed)).not.toContain(SESSION)
    // Resolving stored the user, verified: the link proved the address, whatever the gate decides.
    const [stored] = await backend.users()
    expect(stored?.email).toBe('carol@example.test')
    expect(stored?.emailVerified).toBeInstanceOf(Date)
    expect(seen.jwt).toEqual([])
    expect(seen.signIn).toEqual([])
    expect(await browser.session(jar)).toBeNull()

    const resumed = await browser.pass(jar, 'test-gate')
    expect(resumed.headers.get('location')).toBe(`${ORIGIN}/dashboard`)
    expect(setNames(resumed)).toContain(SESSION)
    expect(seen.jwt.map((j) => j.trigger)).toEqual(['signUp'])
    const user = seen.jwt[0]!.user as { id?: string; emailVerified?: unknown }
    expect(user.id).toBe(stored?.id)
    expect(user.emailVerified).toBeInstanceOf(Date)
    expect((user.emailVerified as Date).getTime()).toBe(stored!.emailVerified!.getTime())
    expect(seen.signIn.map((s) => s.isNewUser)).toEqual([true])
    expect((await browser.session(jar))?.user?.email).toBe('carol@example.test')
  })
})
