/**
 * `decode` of `gatehouse-auth/jwt`, a drop-in for `decode` of `@auth/core/jwt`.
 *
 * @module
 */
import { cryptoBackend } from '#crypto'
import { errors, jwtDecrypt } from 'jose'
import type { ContentEncryption } from '../crypto/crypto-backend.js'
import type { JWT, JWTDecodeParams } from '../types.js'
import { resolveSecrets } from './resolve-secrets.js'
import { SessionJwe } from '../crypto/session-jwe.js'

/** Longer tokens are refused before any parsing, as {@link SessionJwe} does. */
const MAX_TOKEN_LENGTH = 64 * 1024

/**
 * Decrypts a JWE issued by Gatehouse or Auth.js v5 and returns its claims; resolves `null` only when there is no
 * token, and rejects, as Auth.js does, for a token it cannot accept: `Error("no matching decryption secret")` when
 * its `kid` names none of the secrets, else jose's error (`JWEDecryptionFailed` for a tampered token or a wrong
 * secret, `JWTExpired` beyond 15 s of clock skew, `JWEInvalid` for a malformed one, …).
 *
 * It throws `MissingSecret` when `secret` is missing and a `TypeError` when `salt` is. A token without `kid` is
 * tried with every secret, not only the first.
 *
 * @example
 * ```ts
 * const claims = await decode({ token, secret: [newSecret, oldSecret], salt: 'authjs.session-token' })
 * ```
 * @see https://www.rfc-editor.org/rfc/rfc7516#section-5.2
 */
export async function decode<Payload = JWT>(params: JWTDecodeParams): Promise<Payload | null> {
  const { token, secret, salt } = params
  const secrets = resolveSecrets(secret, salt, 'decode')
  if (!token) return null
  const decrypted = await new SessionJwe(secrets, salt).decrypt(token)
  if (decrypted) return decrypted.payload as Payload
  throw await refusal(token, secrets, salt)
}

/**
 * Why a token was refused, in the error Auth.js's `decode` would throw for it. Only the error is taken from jose:
 * the token stays refused even where jose would accept it (a header feature Gatehouse does not implement).
 */
async function refusal(token: string, secrets: readonly string[], salt: string): Promise<Error> {
  if (token.length > MAX_TOKEN_LENGTH) return new errors.JWEInvalid('The token is too long')
  try {
    await jwtDecrypt(
      token,
      async ({ kid, enc }) => {
        // jose has checked `enc` against the list below before asking for the key.
        const encryption = enc as ContentEncryption
        for (const candidate of secrets) {
          const key = await cryptoBackend.deriveEncryptionKey(encryption, candidate, salt)
          if (kid === undefined || (await cryptoBackend.jwkThumbprint(key)) === kid) return key
        }
        throw new Error('no matching decryption secret')
      },
      {
        clockTolerance: 15,
        keyManagementAlgorithms: ['dir'],
        contentEncryptionAlgorithms: ['A256CBC-HS512', 'A256GCM'],
      },
    )
  } catch (error) {
    if (error instanceof Error) return error
  }
  return new errors.JWTInvalid('The token was refused')
}
