/**
 * Every check of the WebAuthn flow, each refused on its own with a response that differs from a valid one in that
 * one respect only (real keys, real signatures: see software-authenticator.ts).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import { Auth } from '../../src/auth.js'
import type { AuthError } from '../../src/errors.js'
import {
  CookieJar,
  ORIGIN,
  Passkey,
  softwareAuthenticator,
  WebAuthn,
  webauthnHarness,
  type HarnessOptions,
} from './webauthn-harness.js'
import type { SoftwareAuthenticator } from './software-authenticator.js'

const JSON_ANSWER = { 'X-Auth-Return-Redirect': '1' }
type Harness = ReturnType<typeof webauthnHarness>

/** The answer is `status` with the public `error`, and the logged error carries `reason`; never a 500 or a stack. */
async function expectRefused(h: Harness, res: Response, status: number, error: string, reason: string) {
  expect(res.status).toBe(status)
  const text = await res.text()
  expect(text).not.toMatch(/at .*\.ts:\d+|Error:/)
  const { url } = JSON.parse(text) as { url: string }
  expect(new URL(url).searchParams.get('error')).toBe(error)
  const logged = h.logger.errors.at(-1) as AuthError | undefined
  expect(logged?.reason).toBe(reason)
}

/** A registered user: the harness, the authenticator holding the credential, and the user's e-mail. */
async function registered(options: Partial<HarnessOptions> = {}, counterStep = 1) {
  const h = webauthnHarness({ adapter: MemoryAdapter(), ...options })
  const authenticator = softwareAuthenticator({ counterStep })
  const email = `user-${crypto.randomUUID()}@example.com`
  const res = await h.ceremony(new CookieJar(), authenticator, { action: 'register', email })
  expect(res.status).toBe(302)
  return { h, authenticator, email }
}

/** Options for authentication in a fresh jar, and a response the authenticator made for them (maybe bent). */
async function signInAttempt(h: Harness, authenticator: SoftwareAuthenticator, bend = {}) {
  const jar = new CookieJar()
  const { body } = await h.optionsFor(jar, { action: 'authenticate' })
  const data = authenticator.authenticate(body.options, bend)
  return {
    jar,
    data,
    post: (d: unknown = data) =>
      h.post(jar, { action: 'authenticate', data: JSON.stringify(d) }, JSON_ANSWER),
  }
}

/** Re-encodes one base64url field of a response after `change` altered its bytes. */
function tamper(
  data: ReturnType<SoftwareAuthenticator['authenticate']>,
  field: 'clientDataJSON' | 'authenticatorData' | 'signature',
  change: (b: Buffer) => Buffer,
) {
  const bytes = Buffer.from(data.response[field], 'base64url')
  return { ...data, response: { ...data.response, [field]: change(bytes).toString('base64url') } }
}

describe('the challenge', () => {
  afterEach(() => vi.useRealTimers())

  it('is single use: a replayed response with a copy of the cookie is refused (counter kept at 0)', async () => {
    const { h, authenticator } = await registered({}, 0)
    const { jar, data, post } = await signInAttempt(h, authenticator)
    const cookie = jar.values.get('authjs.challenge')!
    expect((await post()).status).toBe(200)
    expect(jar.values.has('authjs.challenge')).toBe(false)
    const replay = new CookieJar()
    replay.values.set('authjs.challenge', cookie)
    const again = await h.post(replay, { action: 'authenticate', data: JSON.stringify(data) }, JSON_ANSWER)
    await expectRefused(h, again, 403, 'Configuration', 'webauthn_challenge_replayed')
    expect(await h.session(replay)).toBeNull()
  })

  it('expires after 5 minutes (and is accepted before)', async () => {
    const { h, authenticator } = await registered()
    vi.useFakeTimers({ toFake: ['Date'] })
    const late = await signInAttempt(h, authenticator)
    vi.setSystemTime(Date.now() + 5 * 60_000 + 20_000)
    await expectRefused(h, await late.post(), 403, 'Configuration', 'webauthn_challenge_cookie_invalid')
    const inTime = await signInAttempt(h, authenticator)
    vi.setSystemTime(Date.now() + 4 * 60_000 + 50_000)
    expect((await inTime.post()).status).toBe(200)
  })

  it('must come with its cookie: missing, forged, or minted for another provider', async () => {
    const { h, authenticator } = await registered()
    const missing = await signInAttempt(h, authenticator)
    missing.jar.values.delete('authjs.challenge')
    await expectRefused(h, await missing.post(), 403, 'Configuration', 'webauthn_challenge_cookie_missing')

    const forged = await signInAttempt(h, authenticator)
    const value = forged.jar.values.get('authjs.challenge')!
    forged.jar.values.set('authjs.challenge', value.slice(0, -4) + (value.endsWith('AAAA') ? 'BBBB' : 'AAAA'))
    await expectRefused(h, await forged.post(), 403, 'Configuration', 'webauthn_challenge_cookie_invalid')
  })

  it('is bound to the provider that issued it', async () => {
    const adapter = MemoryAdapter()
    const passkey = webauthnHarness({ adapter, provider: Passkey() })
    const other = webauthnHarness({
      adapter,
      provider: WebAuthn(),
      config: { providers: [Passkey(), WebAuthn()] },
    })
    const authenticator = softwareAuthenticator()
    await passkey.ceremony(new CookieJar(), authenticator, { action: 'register', email: 'bound@example.com' })
    const jar = new CookieJar()
    const { body } = await other.optionsFor(jar, { action: 'authenticate' })
    const data = authenticator.authenticate(body.options)
    const res = await passkey.post(jar, { action: 'authenticate', data: JSON.stringify(data) }, JSON_ANSWER)
    await expectRefused(passkey, res, 403, 'Configuration', 'webauthn_challenge_cookie_provider')
  })

  it('answers the challenge it was issued for, not another', async () => {
    const { h, authenticator } = await registered()
    const { post } = await signInAttempt(h, authenticator, {
      challenge: Buffer.from('another challenge').toString('base64url'),
    })
    await expectRefused(h, await post(), 400, 'WebAuthnVerificationError', 'webauthn_verification_failed')
  })

  it('of a sign-in cannot register a credential', async () => {
    const { h } = await registered()
    const jar = new CookieJar()
    const { body } = await h.optionsFor(jar, { action: 'authenticate' })
    const fake = softwareAuthenticator().register({
      challenge: body.options.challenge,
      rp: { id: 'app.test' },
      user: { id: 'AAAA' },
    })
    const res = await h.post(jar, { action: 'register', data: JSON.stringify(fake) }, JSON_ANSWER)
    await expectRefused(h, res, 400, 'WebAuthnVerificationError', 'webauthn_register_without_user')
  })
})

describe('origin and RP ID', () => {
  it('refuses a response made for another origin', async () => {
    const { h, authenticator } = await registered()
    const { post } = await signInAttempt(h, authenticator, { origin: 'http://evil.test' })
    await expectRefused(h, await post(), 400, 'WebAuthnVerificationError', 'webauthn_verification_failed')
  })

  it('refuses a response made for another RP ID', async () => {
    const { h, authenticator } = await registered()
    const { post } = await signInAttempt(h, authenticator, { rpId: 'evil.test' })
    await expectRefused(h, await post(), 400, 'WebAuthnVerificationError', 'webauthn_verification_failed')
  })

  it('refuses a registration for another origin or RP ID', async () => {
    for (const bend of [{ origin: 'http://evil.test' }, { rpId: 'evil.test' }]) {
      const h = webauthnHarness({ adapter: MemoryAdapter() })
      const jar = new CookieJar()
      const { body } = await h.optionsFor(jar, { action: 'register', email: 'rp@example.com' })
      const data = softwareAuthenticator().register(body.options, bend)
      const res = await h.post(jar, { action: 'register', data: JSON.stringify(data) }, JSON_ANSWER)
      await expectRefused(h, res, 400, 'WebAuthnVerificationError', 'webauthn_verification_failed')
    }
  })

  it('takes the relying party from `relyingParty` (or Auth.js spelling `relayingParty`), not from the request', async () => {
    const relyingParty = { id: 'example.com', name: 'Example', origin: 'https://login.example.com' }
    for (const provider of [Passkey({ relyingParty }), Passkey({ relayingParty: relyingParty })]) {
      const h = webauthnHarness({ adapter: MemoryAdapter(), provider })
      const jar = new CookieJar()
      const { body } = await h.optionsFor(jar, { action: 'register', email: 'rp-config@example.com' })
      expect(body.options.rp).toEqual({ id: 'example.com', name: 'Example' })
      const wrongOrigin = softwareAuthenticator().register(body.options)
      const res = await h.post(jar, { action: 'register', data: JSON.stringify(wrongOrigin) }, JSON_ANSWER)
      await expectRefused(h, res, 400, 'WebAuthnVerificationError', 'webauthn_verification_failed')
      const jar2 = new CookieJar()
      const again = await h.optionsFor(jar2, { action: 'register', email: 'rp-config@example.com' })
      const right = softwareAuthenticator({ origin: 'https://login.example.com' }).register(
        again.body.options,
      )
      expect(
        (await h.post(jar2, { action: 'register', data: JSON.stringify(right) }, JSON_ANSWER)).status,
      ).toBe(200)
    }
  })
})

describe('the signature counter', () => {
  it('refuses and logs a counter that goes backwards or stands still (a cloned authenticator)', async () => {
    const { h, authenticator } = await registered()
    expect((await (await signInAttempt(h, authenticator)).post()).status).toBe(200)
    expect((await (await signInAttempt(h, authenticator)).post()).status).toBe(200)
    const credentialID = Buffer.from(authenticator.credentials[0]!.id).toString('base64')
    expect((await h.config.adapter!.getAuthenticator!(credentialID))?.counter).toBe(2)
    for (const counter of [1, 2]) {
      const { post } = await signInAttempt(h, authenticator, { counter })
      await expectRefused(h, await post(), 400, 'WebAuthnVerificationError', 'webauthn_counter_regressed')
      expect(h.logger.errors.at(-1)?.message).toMatch(/cloned/)
    }
    expect((await h.config.adapter!.getAuthenticator!(credentialID))?.counter).toBe(2)
  })

  it('allows a counter that stays 0 on both sides (synced passkeys)', async () => {
    const { h, authenticator } = await registered({}, 0)
    for (let i = 0; i < 3; i++)
      expect((await (await signInAttempt(h, authenticator)).post()).status).toBe(200)
  })
})

describe('tampered responses', () => {
  it('refuses a clientDataJSON changed after signing', async () => {
    const { h, authenticator } = await registered()
    const { data, post } = await signInAttempt(h, authenticator)
    const changed = tamper(data, 'clientDataJSON', (b) =>
      Buffer.from(b.toString().replace('"crossOrigin":false', '"crossOrigin":false ')),
    )
    await expectRefused(
      h,
      await post(changed),
      400,
      'WebAuthnVerificationError',
      'webauthn_verification_failed',
    )
  })

  it('refuses authenticator data changed after signing', async () => {
    const { h, authenticator } = await registered()
    const { data, post } = await signInAttempt(h, authenticator)
    // The last byte is the low byte of the counter: a higher counter the authenticator never signed.
    const changed = tamper(data, 'authenticatorData', (b) => {
      const c = Buffer.from(b)
      c[c.length - 1] = (c[c.length - 1]! + 7) & 0xff
      return c
    })
    await expectRefused(
      h,
      await post(changed),
      400,
      'WebAuthnVerificationError',
      'webauthn_verification_failed',
    )
  })

  it('refuses a changed signature', async () => {
    const { h, authenticator } = await registered()
    const { data, post } = await signInAttempt(h, authenticator)
    const changed = tamper(data, 'signature', (b) => {
      const c = Buffer.from(b)
      c[c.length - 3] = c[c.length - 3]! ^ 0x01
      return c
    })
    await expectRefused(
      h,
      await post(changed),
      400,
      'WebAuthnVerificationError',
      'webauthn_verification_failed',
    )
  })
})

describe('user verification', () => {
  it('is required by Passkey at sign-in and at registration', async () => {
    const { h, authenticator } = await registered()
    const { post } = await signInAttempt(h, authenticator, { userVerified: false })
    await expectRefused(h, await post(), 400, 'WebAuthnVerificationError', 'webauthn_verification_failed')
    expect(h.logger.errors.at(-1)?.message).toMatch(/verif/i)

    const jar = new CookieJar()
    const { body } = await h.optionsFor(jar, { action: 'register', email: 'no-uv@example.com' })
    const data = softwareAuthenticator().register(body.options, { userVerified: false })
    const res = await h.post(jar, { action: 'register', data: JSON.stringify(data) }, JSON_ANSWER)
    await expectRefused(h, res, 400, 'WebAuthnVerificationError', 'webauthn_verification_failed')
  })

  it('may be waived for WebAuthn with verifyAuthenticationOptions', async () => {
    const provider = WebAuthn({ verifyAuthenticationOptions: { requireUserVerification: false } })
    const { h, authenticator } = await registered({ provider })
    const { post } = await signInAttempt(h, authenticator, { userVerified: false })
    expect((await post()).status).toBe(200)
  })
})

describe('credentials of other users', () => {
  let a: Awaited<ReturnType<typeof registered>>
  beforeEach(async () => {
    a = await registered()
  })

  it('a passkey of another user, while signed in, is AccountNotLinked', async () => {
    const other = softwareAuthenticator()
    const jar = new CookieJar()
    expect((await a.h.ceremony(jar, other, { action: 'register', email: 'b@example.com' })).status).toBe(302)
    expect((await a.h.session(jar))?.user?.email).toBe('b@example.com')
    const { body } = await a.h.optionsFor(jar, { action: 'authenticate' })
    // Options name B's credentials; a browser (or a script) may still answer with A's.
    const data = a.authenticator.authenticate(body.options, {}, a.authenticator.credentials[0])
    const res = await a.h.post(jar, { action: 'authenticate', data: JSON.stringify(data) }, JSON_ANSWER)
    await expectRefused(a.h, res, 403, 'AccountNotLinked', 'webauthn_credential_linked_to_other_user')
    expect((await a.h.session(jar))?.user?.email).toBe('b@example.com')
  })

  it('a registration started by one user cannot be finished by another', async () => {
    const jarA = new CookieJar()
    expect((await (await signInAttempt(a.h, a.authenticator)).post()).status).toBe(200)
    expect((await a.h.ceremony(jarA, a.authenticator, { action: 'authenticate' })).status).toBe(302)
    const { body } = await a.h.optionsFor(jarA, { action: 'register' })
    const data = softwareAuthenticator().register(body.options)
    // The same challenge cookie, now without A's session.
    const jarB = new CookieJar()
    jarB.values.set('authjs.challenge', jarA.values.get('authjs.challenge')!)
    const res = await a.h.post(jarB, { action: 'register', data: JSON.stringify(data) }, JSON_ANSWER)
    await expectRefused(a.h, res, 403, 'AccountNotLinked', 'webauthn_signed_in_user_changed')
  })

  it('an address taken between the options and the registration is AccountNotLinked, and nothing is written', async () => {
    const jar = new CookieJar()
    const { body } = await a.h.optionsFor(jar, { action: 'register', email: 'race@example.com' })
    const adapter = a.h.config.adapter!
    const owner = await adapter.createUser!({ id: 'owner', email: 'race@example.com', emailVerified: null })
    const data = softwareAuthenticator().register(body.options)
    const res = await a.h.post(jar, { action: 'register', data: JSON.stringify(data) }, JSON_ANSWER)
    await expectRefused(a.h, res, 403, 'AccountNotLinked', 'email_belongs_to_other_user')
    expect(await adapter.listAuthenticatorsByUserId!(owner.id)).toEqual([])
  })

  it('registering an address that has a user is refused at options time, saying the account exists', async () => {
    const { status, body } = await a.h.optionsFor(new CookieJar(), { action: 'register', email: a.email })
    expect(status).toBe(400)
    // Auth.js's `error`, and Gatehouse's reason beside it (what the page shows: "sign in first").
    expect(body).toEqual({ error: 'Invalid request', code: 'AccountExists' })
  })

  it('an unknown credential is refused', async () => {
    const stranger = softwareAuthenticator()
    stranger.register({ challenge: 'AAAA', rp: { id: 'app.test' }, user: { id: 'AAAA' } })
    const { post } = await signInAttempt(a.h, stranger)
    await expectRefused(a.h, await post(), 400, 'WebAuthnVerificationError', 'webauthn_unknown_credential')
  })
})

describe('malformed requests get a 400, never a 500', () => {
  it.each([
    ['not JSON', { action: 'authenticate', data: '{' }],
    ['no data', { action: 'authenticate' }],
    ['an array', { action: 'authenticate', data: '[]' }],
    ['a numeric id', { action: 'authenticate', data: '{"id":5,"response":{}}' }],
    ['no response', { action: 'register', data: '{"id":"AAAA"}' }],
    ['an id that is not base64url', { action: 'authenticate', data: '{"id":"%%%","response":{}}' }],
    [
      'a response of strings',
      { action: 'authenticate', data: '{"id":"AAAA","response":{"clientDataJSON":1}}' },
    ],
  ])('%s', async (_name, fields) => {
    const { h, authenticator } = await registered()
    const { jar } = await signInAttempt(h, authenticator)
    const res = await h.post(jar, fields, JSON_ANSWER)
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
    expect(await res.text()).not.toMatch(/at .*\.ts:\d+/)
  })

  it('an action that is neither authenticate nor register', async () => {
    const { h } = await registered()
    for (const action of [undefined, 'delete', '']) {
      const res = await h.post(new CookieJar(), action === undefined ? {} : { action }, JSON_ANSWER)
      await expectRefused(h, res, 400, 'WebAuthnVerificationError', 'webauthn_action_invalid')
    }
  })

  it('options: an unknown action, or a registration for nobody', async () => {
    const { h } = await registered()
    expect(await h.optionsFor(new CookieJar(), { action: 'delete' })).toEqual({
      status: 400,
      body: { error: 'Invalid action' },
    })
    expect(await h.optionsFor(new CookieJar(), { action: 'register' })).toEqual({
      status: 400,
      body: { error: 'Invalid request' },
    })
  })

  it('a GET on the callback', async () => {
    const { h } = await registered()
    const res = await Auth(new Request(`${ORIGIN}/auth/callback/passkey`, { headers: JSON_ANSWER }), h.config)
    expect(res.status).toBe(400)
  })
})
