/** The breached-password check's options (`breachedPasswordCheck` of the `Password` provider). */
export interface BreachedPasswordCheckOptions {
  /**
   * The range API's base: `{url}/{first five hex digits of the SHA-1}` answers `SUFFIX:COUNT` lines. Default
   * `https://api.pwnedpasswords.com/range`.
   */
  url?: string
  /** How long to wait for it, in milliseconds; past that the password is accepted. Default 2000. */
  timeoutMs?: number
}

export const DEFAULT_RANGE_URL = 'https://api.pwnedpasswords.com/range'

function hex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

/** What the check found: `breached`, `clean`, or `unknown` when the service could not answer (the sign-up goes on). */
export type BreachAnswer = 'breached' | 'clean' | 'unknown'

/**
 * The k-anonymity range query: only the first 5 hex digits of the password's SHA-1 leave the server, and the
 * service answers every suffix it knows under that prefix (padded with zero-count decoys, `Add-Padding`), so it
 * never learns the password nor whether it matched. A service that is down, slow or answers nonsense never blocks a
 * sign-up: the answer is `unknown` and the caller accepts the password.
 */
export async function checkBreachedPassword(
  password: string,
  options: BreachedPasswordCheckOptions,
  fetcher: typeof fetch,
): Promise<BreachAnswer> {
  // SHA-1 is what the range API indexes by; it is a lookup key here, not a password hash.
  const digest = hex(await crypto.subtle.digest('SHA-1', new TextEncoder().encode(password))).toUpperCase()
  const prefix = digest.slice(0, 5)
  const suffix = digest.slice(5)
  const base = (options.url ?? DEFAULT_RANGE_URL).replace(/\/+$/, '')
  try {
    const response = await fetcher(`${base}/${prefix}`, {
      headers: { 'Add-Padding': 'true' },
      signal: AbortSignal.timeout(options.timeoutMs ?? 2000),
    })
    if (!response.ok) return 'unknown'
    const body = await response.text()
    for (const line of body.split('\n')) {
      const [found, count] = line.trim().split(':')
      if (found?.toUpperCase() === suffix) return Number(count) > 0 ? 'breached' : 'clean'
    }
    return 'clean'
  } catch {
    return 'unknown'
  }
}
