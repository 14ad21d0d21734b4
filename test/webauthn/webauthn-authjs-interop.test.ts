/**
 * The `authjs.challenge` cookie has Auth.js's format (wire-contract §1.7, §4.3): an outer JWE `{ value, provider }`
 * salted with the cookie name around an inner JWE `{ challenge, registerData }` salted `encodedWebauthnChallenge`,
 * both made and read here with `@auth/core/jwt`, so a ceremony in flight survives a switch in either direction.
 */
import { decode, encode } from '@auth/core/jwt'
import { describe, expect, it } from 'vitest'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import { CookieJar, softwareAuthenticator, webauthnHarness } from './webauthn-harness.js'

const NAME = 'authjs.challenge'
const INNER = 'encodedWebauthnChallenge'

describe('the challenge cookie and Auth.js', () => {
  it('Gatehouse reads a challenge cookie that @auth/core made', async () => {
    const h = webauthnHarness({ adapter: MemoryAdapter() })
    const secret = h.config.secret as string
    const authenticator = softwareAuthenticator()
    expect(
      (await h.ceremony(new CookieJar(), authenticator, { action: 'register', email: 'authjs@example.com' }))
        .status,
    ).toBe(302)

    const jar = new CookieJar()
    const { body } = await h.optionsFor(jar, { action: 'authenticate' })
    const inner = await encode({
      secret,
      salt: INNER,
      maxAge: 900,
      token: { challenge: body.options.challenge },
    })
    const outer = await encode({
      secret,
      salt: NAME,
      maxAge: 900,
      token: { value: inner, provider: 'passkey' },
    })
    jar.values.set(NAME, outer)
    const res = await h.post(jar, {
      action: 'authenticate',
      data: JSON.stringify(authenticator.authenticate(body.options)),
    })
    expect(res.status).toBe(302)
    expect((await h.session(jar))?.user?.email).toBe('authjs@example.com')
  })

  it('@auth/core reads the challenge cookie Gatehouse made', async () => {
    const h = webauthnHarness({ adapter: MemoryAdapter() })
    const secret = h.config.secret as string
    const jar = new CookieJar()
    const { body } = await h.optionsFor(jar, { action: 'register', email: 'new@example.com' })
    const outer = await decode<{ value: string; provider: string }>({
      secret,
      salt: NAME,
      token: jar.get(NAME)!,
    })
    expect(outer).toMatchObject({ provider: 'passkey' })
    const inner = await decode<{
      challenge: string
      registerData: { email: string }
      iat: number
      exp: number
    }>({
      secret,
      salt: INNER,
      token: outer!.value,
    })
    expect(inner).toMatchObject({
      challenge: body.options.challenge,
      registerData: { email: 'new@example.com' },
    })
    // 5 minutes, where Auth.js gives 15.
    expect(inner!.exp - inner!.iat).toBe(300)
  })
})
