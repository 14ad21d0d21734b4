/**
 * Checks the `secret` and `salt` arguments of the stateless JWT functions.
 *
 * @module
 */
import { MissingSecret } from '../errors.js'

/**
 * Returns the secrets as a non-empty list of non-empty strings, or throws `MissingSecret` (a missing secret is a
 * deployment mistake, never bad input), and throws a `TypeError` when `salt` is not a string.
 */
export function resolveSecrets(secret: unknown, salt: unknown, caller: string): string[] {
  const secrets = Array.isArray(secret) ? (secret as unknown[]) : [secret]
  if (
    secrets.length === 0 ||
    !secrets.every((entry): entry is string => typeof entry === 'string' && entry !== '')
  ) {
    throw new MissingSecret(
      `${caller} needs \`secret\`: a non-empty string, or an array of them with the current secret first (set AUTH_SECRET)`,
      { reason: 'missing_secret' },
    )
  }
  if (typeof salt !== 'string') {
    throw new TypeError(`${caller} needs \`salt\`: the session cookie name, e.g. "authjs.session-token"`)
  }
  return secrets
}
