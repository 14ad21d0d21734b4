import { decode as authDecode, encode as authEncode } from '@auth/core/jwt'
import { describe, expect, it } from 'vitest'
import { MissingSecret } from '../errors.js'
import { decode } from './decode.js'
import { encode } from './encode.js'

const salts = ['authjs.session-token', '__Secure-authjs.session-token']

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

  it('decodes a token of the old secret with [new, old]', async () => {
    const salt = salts[1]!
    const token = await authEncode({ token: { sub: 'u' }, secret: 'old', salt })
    await expect(decode({ token, secret: ['new', 'old'], salt })).resolves.toMatchObject({ sub: 'u' })
    await expect(decode({ token, secret: 'new', salt })).resolves.toBeNull()
  })

  it('returns null for a token of another salt (cookie name)', async () => {
    const token = await encode({ token: {}, secret: 'secret', salt: salts[0]! })
    await expect(decode({ token, secret: 'secret', salt: salts[1]! })).resolves.toBeNull()
  })

  it.each([undefined, '', 'garbage', 'a.b.c.d.e', '%%%'])(
    'returns null for %j, where @auth/core throws',
    async (token) => {
      await expect(decode({ token, secret: 'secret', salt: salts[0]! })).resolves.toBeNull()
      if (token) await expect(authDecode({ token, secret: 'secret', salt: salts[0]! })).rejects.toThrow()
    },
  )

  it('rejects with MissingSecret or TypeError for missing arguments, even without a token', async () => {
    await expect(decode({ token: undefined, secret: '', salt: salts[0]! })).rejects.toBeInstanceOf(
      MissingSecret,
    )
    await expect(decode({ token: 'x', secret: [], salt: salts[0]! })).rejects.toBeInstanceOf(MissingSecret)
    const noSalt = { token: 'x', secret: 's' } as unknown as Parameters<typeof decode>[0]
    await expect(decode(noSalt)).rejects.toThrow(TypeError)
  })
})
