/**
 * `new Date(ms).toISOString()`, remembered for recent values: a session's `expires` is its token's `exp`, the same
 * for every check of that token, and formatting it costs about 1 µs each time.
 *
 * @module
 */

// Bounded: at most this many distinct expiry times are kept; the map is emptied when full.
const MAX_ENTRIES = 1024
const formatted = new Map<number, string>()

/**
 * The ISO 8601 form of a time in milliseconds, exactly as `Date#toISOString` gives it (and, like it, a `RangeError`
 * for a time outside the `Date` range).
 *
 * @example
 * ```ts
 * isoTime(0) // '1970-01-01T00:00:00.000Z'
 * ```
 */
export function isoTime(ms: number): string {
  let text = formatted.get(ms)
  if (text === undefined) {
    text = new Date(ms).toISOString()
    if (formatted.size >= MAX_ENTRIES) formatted.clear()
    formatted.set(ms, text)
  }
  return text
}
