import { hash, parseOptions, verify } from '@node-rs/argon2'
import type { PasswordHasher } from './password-hasher.js'

/** argon2id parameters: memory in KiB, passes, lanes. */
export interface Argon2Parameters {
  /** Memory in KiB. Default 19456 (19 MiB), OWASP's minimum for argon2id. */
  memoryCost: number
  /** Passes over the memory. Default 2. */
  timeCost: number
  /** Lanes. Default 1. */
  parallelism: number
}

/** OWASP's Password Storage Cheat Sheet, argon2id: 19 MiB, 2 passes, parallelism 1. */
export const OWASP_ARGON2ID: Readonly<Argon2Parameters> = Object.freeze({
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
})

// `Algorithm` is a const enum in the package's types, which an isolated-modules build cannot read: 2 is argon2id.
const ARGON2ID = 2

/** Why the parameters cannot be used, or `undefined`. */
export function argon2ParametersProblem(value: unknown): string | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'object' || value === null) return '`hashing` must be an object.'
  const p = value as Partial<Record<keyof Argon2Parameters, unknown>>
  const whole = (v: unknown, min: number, max: number) =>
    v === undefined || (Number.isInteger(v) && (v as number) >= min && (v as number) <= max)
  if (!whole(p.memoryCost, 8_192, 4_194_304)) return '`hashing.memoryCost` must be KiB from 8192 to 4194304.'
  if (!whole(p.timeCost, 1, 100)) return '`hashing.timeCost` must be a whole number of passes from 1 to 100.'
  if (!whole(p.parallelism, 1, 16)) return '`hashing.parallelism` must be a whole number from 1 to 16.'
  return undefined
}

/**
 * argon2id through `@node-rs/argon2` (a native build, off the event loop): PHC strings
 * (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`), a random 16-byte salt per hash. A stored hash made with other
 * parameters (weaker, or another argon2 variant) still verifies, and `needsRehash` says to replace it.
 */
export function argon2Hasher(parameters: Partial<Argon2Parameters> = {}): PasswordHasher {
  const wanted: Argon2Parameters = { ...OWASP_ARGON2ID, ...parameters }
  const options = { ...wanted, algorithm: ARGON2ID as never, outputLen: 32 }
  return {
    parameters: Object.freeze({ ...wanted }),
    hash: (password) => hash(password, options),
    async verify(stored, password) {
      if (!stored.startsWith('$argon2')) return false
      try {
        return await verify(stored, password)
      } catch {
        // A malformed stored string is a refusal, never an exception that reaches the request.
        return false
      }
    },
    needsRehash(stored) {
      if (!stored.startsWith('$argon2id$')) return true
      try {
        const found = parseOptions(stored)
        return (
          found.memoryCost < wanted.memoryCost ||
          found.timeCost < wanted.timeCost ||
          found.parallelism !== wanted.parallelism
        )
      } catch {
        return true
      }
    },
  }
}
