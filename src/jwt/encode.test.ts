import { decode as authDecode, encode as authEncode } from '@auth/core/jwt'
import { describe, expect, it } from 'vitest'
import { MissingSecret } from '../errors.js'
import { decode } from './decode.js'
import { encode } from './encode.js'

const salts = ['authjs.session-token', '__Secure-authjs.session-token']

describe('encode', () => {
  it.each(salts)('writes tokens that @auth/core decodes (salt %s)', async (salt) => {
    const token = await encode({
      token: { sub: 'user-1', name: 'Ada', picture: null },
      secret: 'secret',
      salt,
    })
    const claims = await authDecode({ token, secret: 'secret', salt })
    expect(claims).toMatchObject({ sub: 'user-1', name: 'Ada', picture: null })
    expect(claims).toStrictEqual(await decode({ token, secret: 'secret', salt }))
  })

  it('defaults maxAge to 30 days and the token to {}', async () => {
    const token = await encode({ secret: 'secret', salt: salts[0]! })
    const claims = (await decode({ token, secret: 'secret', salt: salts[0]! }))!
    expect(claims.exp! - claims.iat!).toBe(30 * 24 * 60 * 60)
    expect(Object.keys(claims)).toStrictEqual(['iat', 'exp', 'jti'])
  })

  it('honours maxAge', async () => {
    const token = await encode({ token: {}, secret: 'secret', salt: salts[0]!, maxAge: 60 })
    const claims = (await decode({ token, secret: 'secret', salt: salts[0]! }))!
    expect(claims.exp! - claims.iat!).toBe(60)
  })

  it('encrypts with the first secret of an array, which @auth/core decodes with [new, old]', async () => {
    const salt = salts[1]!
    const token = await encode({ token: { sub: 'u' }, secret: ['new', 'old'], salt })
    await expect(authDecode({ token, secret: 'new', salt })).resolves.toMatchObject({ sub: 'u' })
    await expect(authDecode({ token, secret: ['other', 'new'], salt })).resolves.toMatchObject({ sub: 'u' })
    await expect(authDecode({ token, secret: 'old', salt })).rejects.toThrow()
  })

  it('writes the same header as @auth/core', async () => {
    const ours = await encode({ token: {}, secret: 'secret', salt: salts[0]! })
    const theirs = await authEncode({ token: {}, secret: 'secret', salt: salts[0]! })
    expect(ours.split('.')[0]).toBe(theirs.split('.')[0])
  })

  it.each([undefined, '', [], ['']])('rejects with MissingSecret for the secret %j', async (secret) => {
    const params = { token: {}, secret: secret as string, salt: salts[0]! }
    await expect(encode(params)).rejects.toBeInstanceOf(MissingSecret)
  })

  it('rejects with a TypeError when the salt is missing', async () => {
    await expect(
      encode({ token: {}, secret: 's' } as unknown as Parameters<typeof encode>[0]),
    ).rejects.toThrow(TypeError)
  })
})
