/**
 * `encode` of `gatehouse-auth/jwt`, a drop-in for `encode` of `@auth/core/jwt`.
 *
 * @module
 */
import type { JWT, JWTEncodeParams } from '../types.js'
import { resolveSecrets } from './resolve-secrets.js'
import { SessionJwe } from '../crypto/session-jwe.js'

/** Auth.js's default session lifetime: 30 days. */
const DEFAULT_MAX_AGE = 30 * 24 * 60 * 60

/**
 * Encrypts `token` into a JWE that Auth.js v5 can decode (and vice versa), with the first secret, setting `iat`,
 * `exp` (now + `maxAge` seconds, default 30 days) and a fresh `jti`.
 *
 * Throws `MissingSecret` when `secret` is missing or empty, and a `TypeError` when `salt` is missing.
 *
 * @example
 * ```ts
 * const jwe = await encode({ token: { sub: 'user-1' }, secret: process.env.AUTH_SECRET!, salt: 'authjs.session-token' })
 * ```
 * @see https://www.rfc-editor.org/rfc/rfc7516#section-7.1
 */
export async function encode<Payload = JWT>(params: JWTEncodeParams<Payload>): Promise<string> {
  const { token = {}, secret, salt, maxAge = DEFAULT_MAX_AGE } = params
  const secrets = resolveSecrets(secret, salt, 'encode')
  return await new SessionJwe(secrets, salt).encrypt(token as Record<string, unknown>, maxAge)
}
