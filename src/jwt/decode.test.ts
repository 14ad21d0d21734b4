import { decode as authDecode, encode as authEncode } from '@auth/core/jwt'
import { errors } from 'jose'
import { describe, expect, it } from 'vitest'
import { MissingSecret } from '../errors.js'
import { decode } from './decode.js'
import { encode } from './encode.js'

const salts = ['authjs.session-token', '__Secure-authjs.session-token']
const salt = salts[0]!

/** What a rejected promise rejected with, for comparing Gatehouse's refusal with Auth.js's. */
async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise
  } catch (error) {
    return error as Error
  }
  throw new Error('expected a rejection')
}

/** The same error as far as code written for Auth.js can tell: class, jose `code` and message. */
function sameRefusal(ours: Error, theirs: Error): void {
  expect(ours.constructor).toBe(theirs.constructor)
  expect((ours as { code?: string }).code).toBe((theirs as { code?: string }).code)
  expect(ours.message).toBe(theirs.message)
}

describe('decode', () => {
  it.each(salts)('decodes tokens @auth/core encoded (salt %s)', async (salt) => {
    const token = await authEncode({
      token: { sub: 'user-1', email: 'a@example.com' },
      secret: 'secret',
      salt,
    })
    const claims = await decode({ token, secret: 'secret', salt })
    expect(claims).toStrictEqual(await authDecode({ token, secret: 'secret', salt }))
    expect(claims).toMatchObject({ sub: 'user-1', email: 'a@example.com' })
  })

  it('decodes a token of the old secret with [new, old], and rejects it with the new secret alone', async () => {
    const token = await authEncode({ token: { sub: 'u' }, secret: 'old', salt })
    await expect(decode({ token, secret: ['new', 'old'], salt })).resolves.toMatchObject({ sub: 'u' })
    const ours = await rejection(decode({ token, secret: 'new', salt }))
    expect(ours).toEqual(new Error('no matching decryption secret'))
    sameRefusal(ours, await rejection(authDecode({ token, secret: 'new', salt })))
  })

  it('rejects a token of another salt (cookie name) as Auth.js does', async () => {
    const token = await encode({ token: {}, secret: 'secret', salt: salts[0]! })
    const ours = await rejection(decode({ token, secret: 'secret', salt: salts[1]! }))
    sameRefusal(ours, await rejection(authDecode({ token, secret: 'secret', salt: salts[1]! })))
  })

  it.each([undefined, ''])('resolves null for %j (no token), as Auth.js does', async (token) => {
    await expect(decode({ token, secret: 'secret', salt })).resolves.toBeNull()
    await expect(authDecode({ token: token as string, secret: 'secret', salt })).resolves.toBeNull()
  })

  it.each(['garbage', 'a.b.c.d.e', '%%%', 'eyJhbGciOiJkaXIifQ..a.b.c'])(
    'rejects the malformed %j with the error @auth/core throws',
    async (token) => {
      const ours = await rejection(decode({ token, secret: 'secret', salt }))
      expect(ours).toBeInstanceOf(errors.JOSEError)
      sameRefusal(ours, await rejection(authDecode({ token, secret: 'secret', salt })))
    },
  )

  it('rejects a tampered token with JWEDecryptionFailed, as @auth/core does', async () => {
    const token = await encode({ token: { sub: 'u' }, secret: 'secret', salt })
    const parts = token.split('.')
    const ciphertext = parts[3]!
    parts[3] = (ciphertext[0] === 'A' ? 'B' : 'A') + ciphertext.slice(1)
    const tampered = parts.join('.')
    const ours = await rejection(decode({ token: tampered, secret: 'secret', salt }))
    expect(ours).toBeInstanceOf(errors.JWEDecryptionFailed)
    sameRefusal(ours, await rejection(authDecode({ token: tampered, secret: 'secret', salt })))
  })

  it('rejects an expired token with JWTExpired, as @auth/core does', async () => {
    const token = await authEncode({ token: { sub: 'u' }, secret: 'secret', salt, maxAge: -60 })
    const ours = await rejection(decode({ token, secret: 'secret', salt }))
    expect(ours).toBeInstanceOf(errors.JWTExpired)
    sameRefusal(ours, await rejection(authDecode({ token, secret: 'secret', salt })))
  })

  it('never resolves a token it refuses, even one jose would accept (over 64 KiB)', async () => {
    const token = await authEncode({ token: { big: 'x'.repeat(70_000) }, secret: 'secret', salt })
    await expect(authDecode({ token, secret: 'secret', salt })).resolves.toMatchObject({
      big: expect.any(String),
    })
    await expect(decode({ token, secret: 'secret', salt })).rejects.toBeInstanceOf(errors.JWEInvalid)
  })

  it('rejects with MissingSecret or TypeError for missing arguments, even without a token', async () => {
    await expect(decode({ token: undefined, secret: '', salt })).rejects.toBeInstanceOf(MissingSecret)
    await expect(decode({ token: 'x', secret: [], salt })).rejects.toBeInstanceOf(MissingSecret)
    const noSalt = { token: 'x', secret: 's' } as unknown as Parameters<typeof decode>[0]
    await expect(decode(noSalt)).rejects.toThrow(TypeError)
  })
})
