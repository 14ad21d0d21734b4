/**
 * The password rules of NIST SP 800-63B-4 (§3.1.1.2): a minimum length (15 when the password is the only factor,
 * 8 with a second one), a maximum of at least 64 accepted as typed, no composition rules, Unicode normalized (NFKC)
 * before anything compares or hashes it, and a blocklist: common passwords, the account's own address, and
 * optionally passwords known from breaches.
 *
 * @module
 */

import type { Adapter, AdapterUser } from '../adapters/adapter.js'
import type { PasswordRuntime } from '../providers/password-feature.js'

/** Why a password was refused; the value of `error=` on the form's address. */
export type PasswordRefusal =
  | 'PasswordTooShort'
  | 'PasswordTooLong'
  | 'PasswordTooCommon'
  | 'PasswordContainsIdentity'
  | 'PasswordBreached'

/** NIST's floor for any password; a configured minimum below it is refused. */
export const NIST_MIN_LENGTH = 8
/** The minimum when the password is the only factor. */
export const SINGLE_FACTOR_MIN_LENGTH = 15
/** The maximum accepted by default (NIST: at least 64, never truncated). */
export const DEFAULT_MAX_LENGTH = 64

/**
 * A password as it is checked, hashed and verified: NFKC, so that the same characters typed on another keyboard
 * or pasted from another application (a full-width digit, a composed accent) give the same hash.
 */
export function normalizePassword(password: string): string {
  return password.normalize('NFKC')
}

/** Its length in characters (code points), as NIST counts it: an emoji is one, not two UTF-16 units. */
export function passwordLength(password: string): number {
  let count = 0
  for (const _ of password) count++
  return count
}

let common: Promise<ReadonlySet<string>> | undefined

/**
 * The common-password list of `@zxcvbn-ts/language-common` (the frequency-ranked list zxcvbn-ts maintains; about
 * 49,000 entries), loaded once on first use, compared in lower case as the list is written.
 */
export function commonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())),
  )
  return common
}

/** The parts of the address a password may not contain: the address, and its local part when 4 characters or more. */
function identityParts(email: string | undefined): string[] {
  if (email === undefined || email === '') return []
  const address = email.toLowerCase()
  const local = address.slice(0, Math.max(0, address.lastIndexOf('@')))
  return passwordLength(local) >= 4 ? [address, local] : [address]
}

/** What the rules need to know about the password being set. */
export interface PasswordRuleInput {
  /** The password, already normalized. */
  password: string
  /** The account's address. */
  email: string | undefined
  /** The minimum for this account (15 single-factor, 8 with a second factor). */
  minLength: number
  maxLength: number
}

/** The first local rule the password breaks, or `undefined` (the breach check, a network call, is separate). */
export async function localPasswordRefusal(input: PasswordRuleInput): Promise<PasswordRefusal | undefined> {
  const length = passwordLength(input.password)
  if (length < input.minLength) return 'PasswordTooShort'
  if (length > input.maxLength) return 'PasswordTooLong'
  const lower = input.password.toLowerCase()
  if ((await commonPasswords()).has(lower)) return 'PasswordTooCommon'
  if (identityParts(input.email).some((part) => lower.includes(part))) return 'PasswordContainsIdentity'
  return undefined
}

/**
 * The default `minLength`: 15 when the password is the only factor, 8 for a user who has turned two-factor sign-in
 * on (NIST SP 800-63B-4), which {@link minLengthFor} asks the adapter. Compared by identity, so an application's own
 * function is never second-guessed.
 */
export const defaultMinLength = (): number => SINGLE_FACTOR_MIN_LENGTH

/** The minimum length for `user` (or a new account: `null`). */
export async function minLengthFor(
  runtime: PasswordRuntime,
  user: AdapterUser | null,
  adapter: Pick<Adapter, 'getTwoFactor'> | undefined,
): Promise<number> {
  if (runtime.minLength === defaultMinLength)
    return user !== null && (await adapter?.getTwoFactor?.(user.id))?.enabled === true
      ? NIST_MIN_LENGTH
      : SINGLE_FACTOR_MIN_LENGTH
  const value = typeof runtime.minLength === 'function' ? await runtime.minLength(user) : runtime.minLength
  // A hook that answers nonsense gets the single-factor minimum, never a weaker one.
  return Number.isInteger(value) && value >= NIST_MIN_LENGTH ? value : SINGLE_FACTOR_MIN_LENGTH
}
