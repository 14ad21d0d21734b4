/**
 * `decode` of `gatehouse-auth/jwt`, a drop-in for `decode` of `@auth/core/jwt`.
 *
 * @module
 */
import type { JWT, JWTDecodeParams } from '../types.js'
import { resolveSecrets } from './resolve-secrets.js'
import { SessionJwe } from './session-jwe.js'

/**
 * Decrypts a JWE issued by Gatehouse or Auth.js v5 and returns its claims, or `null` when the token is missing,
 * malformed, tampered, expired (beyond 15 s of clock skew) or encrypted with none of the secrets.
 *
 * Unlike Auth.js, which throws jose's errors for a bad token, this resolves to `null`: a bad token is bad input.
 * It still throws `MissingSecret` when `secret` is missing and a `TypeError` when `salt` is, as those are
 * programming errors. A token without `kid` is tried with every secret, not only the first.
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
  return ((await new SessionJwe(secrets, salt).decrypt(token))?.payload as Payload | undefined) ?? null
}
