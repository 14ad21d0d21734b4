import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

// OWASP's password storage cheat sheet minimum for scrypt (N=2^17, r=8, p=1): 128 MiB per hash, so an attacker
// with the hashes pays in memory, not just CPU. maxmem must exceed 128·N·r or Node refuses the call.
const COST: ScryptOptions = { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 }
const KEY_LENGTH = 32
const SALT_LENGTH = 16
const FORMAT = 'scrypt-N17r8p1'

function derive(password: string, salt: Buffer): Promise<Buffer> {
  // NFKC, so that the same password typed on another keyboard or OS (composed vs decomposed accents) still matches.
  const normalized = password.normalize('NFKC')
  return new Promise((resolve, reject) => {
    scrypt(normalized, salt, KEY_LENGTH, COST, (error, key) => (error ? reject(error) : resolve(key)))
  })
}

/**
 * A password stored as an scrypt hash with its own random salt; the plaintext is not kept.
 *
 * @example
 * ```ts
 * const hash = await ScryptHash.of('correct horse')
 * await hash.matches('correct horse') // true
 * ```
 */
export class ScryptHash {
  readonly #salt: Buffer
  readonly #key: Buffer

  private constructor(salt: Buffer, key: Buffer) {
    this.#salt = salt
    this.#key = key
  }

  /** Hashes a password with a fresh salt (a per-user salt makes equal passwords hash differently). */
  static async of(password: string): Promise<ScryptHash> {
    const salt = randomBytes(SALT_LENGTH)
    return new ScryptHash(salt, await derive(password, salt))
  }

  /** Reads a hash written by {@link ScryptHash.toString}; `null` for anything else. */
  static parse(text: string): ScryptHash | null {
    const [scheme, salt, key] = text.split('$')
    if (scheme !== FORMAT || salt === undefined || key === undefined) return null
    return new ScryptHash(Buffer.from(salt, 'base64url'), Buffer.from(key, 'base64url'))
  }

  /** `scrypt-N17r8p1$<salt>$<key>`: the cost is in the name, so a later cost change can tell old hashes apart. */
  toString(): string {
    return `${FORMAT}$${this.#salt.toString('base64url')}$${this.#key.toString('base64url')}`
  }

  /** Whether `password` is the hashed one; the comparison takes the same time wherever the keys differ. */
  async matches(password: string): Promise<boolean> {
    return timingSafeEqual(await derive(password, this.#salt), this.#key)
  }
}
