/**
 * A gate after a passkey: a registration writes its user, account and authenticator before the hold (the flow's
 * typed data, not a side table, carries the authenticator to that step); the session waits for the gate, for a
 * registration as for a sign-in with the passkey.
 */
import { describe, expect, it } from 'vitest'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import {
  CookieJar,
  ORIGIN,
  softwareAuthenticator,
  WebAuthn,
  webauthnHarness,
  type OptionsBody,
} from '../webauthn/webauthn-harness.js'
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

describe('a gate after a passkey', () => {
  it('holds a registration and a passkey sign-in alike, and resumes each into one session', async () => {
    const seen = seenRecord()
    const adapter = MemoryAdapter()
    const { config, provider } = webauthnHarness({ adapter })
    const browser = inProcess(gatedConfig(recording(seen, config), [testGate('test-gate', seen)]), ORIGIN)
    const authenticator = softwareAuthenticator()

    async function ceremony(jar: CookieJar, query: Record<string, string>) {
      const options = (await (
        await browser.call(jar, `/auth/webauthn-options/${provider.id}?${new URLSearchParams(query)}`)
      ).json()) as OptionsBody
      const data =
        options.action === 'register'
          ? authenticator.register(options.options)
          : authenticator.authenticate(options.options)
      return browser.post(jar, `/auth/callback/${provider.id}`, {
        action: options.action!,
        data: JSON.stringify(data),
      })
    }

    const jar = new CookieJar()
    const registered = await ceremony(jar, { action: 'register', email: 'dana@example.test' })
    expect(registered.headers.get('location')).toBe(`${ORIGIN}/auth/test-gate`)
    expect(setNames(registered)).toContain(PENDING)
    expect(setNames(registered)).not.toContain(SESSION)
    expect(adapter.store.authenticators.size).toBe(1)
    expect(adapter.store.users.size).toBe(1)
    expect(seen.jwt).toEqual([])
    expect(seen.signIn).toEqual([])
    expect(setNames(await browser.pass(jar, 'test-gate'))).toContain(SESSION)
    expect(seen.jwt.map((j) => j.trigger)).toEqual(['signUp'])
    expect(seen.jwt[0]!.account).toMatchObject({ provider: provider.id, type: 'webauthn' })

    const later = new CookieJar()
    const signedIn = await ceremony(later, { action: 'authenticate' })
    expect(signedIn.headers.get('location')).toBe(`${ORIGIN}/auth/test-gate`)
    expect(setNames(signedIn)).not.toContain(SESSION)
    expect(await browser.session(later)).toBeNull()
    expect(setNames(await browser.pass(later, 'test-gate'))).toContain(SESSION)
    expect(seen.jwt.map((j) => j.trigger)).toEqual(['signUp', 'signIn'])
    expect(seen.signIn.map((s) => s.isNewUser)).toEqual([true, false])
    expect((await browser.session(later))?.user?.email).toBe('dana@example.test')
    // A passkey with user verification is more than one factor: a second-factor gate may let it pass.
    expect(seen.checked.map((c) => c.signIn.multiFactor)).toEqual([true, true])
  })

  it('tells a gate when the passkey did not verify the user (one factor only)', async () => {
    const seen = seenRecord()
    // A provider that waives user verification at registration (Passkey() requires it).
    const { config, provider } = webauthnHarness({
      adapter: MemoryAdapter(),
      provider: WebAuthn({ verifyRegistrationOptions: { requireUserVerification: false } }),
    })
    const gate = testGate('test-gate', seen, (signIn) => !signIn.multiFactor)
    const browser = inProcess(gatedConfig(recording(seen, config), [gate]), ORIGIN)
    const jar = new CookieJar()
    const path = `/auth/webauthn-options/${provider.id}?action=register&email=erin%40example.test`
    const options = (await (await browser.call(jar, path)).json()) as OptionsBody
    const data = softwareAuthenticator().register(options.options, { userVerified: false })
    const res = await browser.post(jar, `/auth/callback/${provider.id}`, {
      action: 'register',
      data: JSON.stringify(data),
    })
    expect(res.headers.get('location')).toBe(`${ORIGIN}/auth/test-gate`)
    expect(seen.checked.map((c) => c.signIn.multiFactor)).toEqual([false])
  })
})
