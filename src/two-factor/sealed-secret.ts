import { SessionJwe } from '../crypto/session-jwe.js'

/** The salt of the key that seals TOTP secrets at rest: derived from the configuration's secret, used for nothing else. */
const SALT = 'gatehouse.two-factor-secret'
/** A sealed secret does not expire by itself; a century stands for "never" in the JWE's required `exp`. */
const LIFETIME = 100 * 365 * 24 * 60 * 60

/**
 * Seals and opens TOTP secrets for the database (JWE, `dir` + A256CBC-HS512, key by HKDF from the configuration's
 * secret and a salt of its own). Rotation-aware: the first secret seals, every listed secret opens, and a secret
 * opened with an older one is reported `current: false` so that the caller writes it again under the newest.
 */
export class SealedSecrets {
  readonly #jwe: SessionJwe

  constructor(secrets: readonly string[]) {
    this.#jwe = new SessionJwe(secrets, SALT)
  }

  async seal(totpSecret: string): Promise<string> {
    return this.#jwe.encrypt({ totp: totpSecret }, LIFETIME)
  }

  /** The TOTP secret, or `undefined` when no configured secret opens it (it was sealed under a retired one). */
  async open(sealed: string): Promise<{ secret: string; current: boolean } | undefined> {
    const opened = await this.#jwe.decrypt(sealed)
    const secret = opened?.payload['totp']
    return typeof secret === 'string' ? { secret, current: opened!.current } : undefined
  }
}
