/**
 * TOTP as RFC 6238 defaults it (SHA-1, 6 digits, 30 s), through `otpauth`: one step of drift either way is accepted,
 * and the step a code matched is returned so that the caller can refuse it a second time.
 *
 * @module
 */
import { Secret, TOTP } from 'otpauth'

const PERIOD = 30
const DIGITS = 6

/** A new random secret (160 bits, as RFC 4226 recommends), base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

/** The `otpauth://totp/...` URI an authenticator app scans. */
export function totpUri(secret: string, issuer: string, account: string): string {
  return new TOTP({
    issuer,
    label: account,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD,
  }).toString()
}

/** A code as a user types it: digits only, spaces and dashes dropped. */
export function totpCodeShape(code: string): string | undefined {
  const digits = code.replace(/[\s-]/g, '')
  return /^\d{6}$/.test(digits) ? digits : undefined
}

/** The time step `code` is valid for at `now` (one step either way), or `undefined`. */
export function totpStep(secret: string, code: string, now: number = Date.now()): number | undefined {
  const token = totpCodeShape(code)
  if (token === undefined) return undefined
  const delta = TOTP.validate({
    token,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD,
    timestamp: now,
    window: 1,
  })
  if (delta === null) return undefined
  return TOTP.counter({ period: PERIOD, timestamp: now }) + delta
}
