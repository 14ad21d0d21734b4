/**
 * The one sealed-cookie codec: what Gatehouse keeps in the browser between two requests of one sign-in (the OAuth
 * check cookies and `state`, the WebAuthn challenge, a sign-in held by a gate) is sealed and opened here.
 *
 * @module
 */
import { SessionJwe } from '../crypto/session-jwe.js'
import type { JWT } from '../types.js'

/**
 * Seals and opens cookie values for one configuration: compact JWE with `alg: dir` and `enc: A256CBC-HS512`, keys
 * derived from the secret and a salt (the cookie's name, or a fixed label), exactly as Auth.js's `encode` and
 * `decode` do, so a value sealed by either opens in the other. Keys are derived once per salt and kept; the first
 * secret seals, every secret opens (a rotation keeps in-flight sign-ins alive). Salts are fixed names, never
 * request input, so the set of kept keys is bounded.
 *
 * @example
 * ```ts
 * const sealed = new SealedCookies(['new-secret', 'old-secret'])
 * const value = await sealed.seal('authjs.state', { value: state, provider: 'github' }, 900)
 * (await sealed.open('authjs.state', value))?.['provider'] // 'github'
 * ```
 * @see https://www.rfc-editor.org/rfc/rfc7516#section-7.1
 */
export class SealedCookies {
  readonly #secrets: readonly string[]
  readonly #codecs = new Map<string, SessionJwe>()

  /** `secrets`: the configuration's, the newest first. */
  constructor(secrets: readonly string[]) {
    if (secrets.length === 0) throw new TypeError('SealedCookies needs at least one secret')
    this.#secrets = secrets
  }

  /**
   * Seals `payload` for `maxAgeSeconds` from `now`; `iat`, `exp` and a fresh `jti` are added (replacing any given),
   * as Auth.js's `encode` does.
   */
  async seal(
    salt: string,
    payload: Record<string, unknown>,
    maxAgeSeconds: number,
    now: number = Date.now(),
  ): Promise<string> {
    return this.#codec(salt).encrypt(payload, maxAgeSeconds, now)
  }

  /**
   * The claims of a value sealed with `salt` by any of the secrets, or `null`: malformed, tampered, sealed with
   * another salt or secret, or expired (15 s of clock tolerance, as Auth.js's `decode`). Never throws.
   */
  async open(salt: string, value: string, now: number = Date.now()): Promise<JWT | null> {
    return (await this.#codec(salt).decrypt(value, now))?.payload ?? null
  }

  #codec(salt: string): SessionJwe {
    let codec = this.#codecs.get(salt)
    if (!codec) {
      codec = new SessionJwe(this.#secrets, salt)
      this.#codecs.set(salt, codec)
    }
    return codec
  }
}
