/**
 * Parses a `Cookie` request header. It runs on every session check, so it makes one pass with `indexOf` and no
 * regular expressions, and bounds its work so that a hostile header costs little.
 *
 * @module
 */

/**
 * Only this many characters of the header are read. Node refuses request headers over 16 KiB by default; the margin
 * is for runtimes with larger limits, where three session chunks plus the application's own cookies can exceed it.
 */
const MAX_HEADER_LENGTH = 32 * 1024

/** Browsers keep at most about 180 cookies per domain; anything beyond this is not a browser's header. */
const MAX_PAIRS = 200

/**
 * The cookie map's class: its prototype has no prototype, so nothing is inherited (`__proto__`, `constructor` or
 * `toString` are ordinary keys) as with `Object.create(null)`, but V8 keeps its instances in fast mode, where an
 * `Object.create(null)` map starts as a dictionary: about 1 µs less per session check.
 */
function CookieMap(): void {}
// Frozen: no code can add to what every cookie map would inherit.
CookieMap.prototype = Object.freeze(Object.create(null)) as object

const SPACE = 0x20
const TAB = 0x09
const QUOTE = 0x22

/**
 * Parses a `Cookie` header into a map of names to percent-decoded values; it never throws.
 *
 * The first occurrence of a name wins (the browser sends the most specific cookie first), pairs without `=` are
 * skipped, surrounding double quotes are removed, and a value whose percent-encoding is malformed is kept as sent.
 * The map inherits nothing, so names such as `__proto__` or `constructor` are ordinary keys.
 *
 * @example
 * ```ts
 * parseCookies('a=1; b=%7C')['b'] // '|'
 * ```
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-5.4
 */
export function parseCookies(header: string | null | undefined): Record<string, string> {
  const cookies = new (CookieMap as unknown as new () => Record<string, string>)()
  if (typeof header !== 'string' || header.length < 2) return cookies

  let end = header.length
  if (end > MAX_HEADER_LENGTH) {
    // Cut at a pair boundary: a pair cut in half would yield a truncated value that looks valid.
    end = header.lastIndexOf(';', MAX_HEADER_LENGTH)
    if (end === -1) return cookies
  }

  let start = 0
  let pairs = 0
  while (start < end && pairs < MAX_PAIRS) {
    const eq = header.indexOf('=', start)
    if (eq === -1 || eq >= end) break
    let semicolon = header.indexOf(';', start)
    if (semicolon === -1 || semicolon > end) semicolon = end
    if (eq > semicolon) {
      // Skip every `=`-less segment before this `=` at once; stepping one segment at a time would rescan the
      // rest of the header for `=` per segment (quadratic on `;;;;...`).
      start = header.lastIndexOf(';', eq - 1) + 1
      continue
    }
    pairs++

    const nameStart = skipBlanksForward(header, start, eq)
    const nameEnd = skipBlanksBackward(header, eq, nameStart)
    if (nameEnd > nameStart) {
      const name = header.slice(nameStart, nameEnd)
      if (cookies[name] === undefined) {
        cookies[name] = readValue(header, eq + 1, semicolon)
      }
    }
    start = semicolon + 1
  }
  return cookies
}

function readValue(header: string, from: number, to: number): string {
  let start = skipBlanksForward(header, from, to)
  let end = skipBlanksBackward(header, to, start)
  if (end - start >= 2 && header.charCodeAt(start) === QUOTE && header.charCodeAt(end - 1) === QUOTE) {
    start++
    end--
  }
  const value = header.slice(start, end)
  if (!value.includes('%')) return value
  try {
    return decodeURIComponent(value)
  } catch {
    // A malformed escape is not our value to fix; keeping it raw lets the consumer (e.g. a JWE check) reject it.
    return value
  }
}

function skipBlanksForward(text: string, index: number, limit: number): number {
  while (index < limit) {
    const code = text.charCodeAt(index)
    if (code !== SPACE && code !== TAB) break
    index++
  }
  return index
}

function skipBlanksBackward(text: string, index: number, limit: number): number {
  while (index > limit) {
    const code = text.charCodeAt(index - 1)
    if (code !== SPACE && code !== TAB) break
    index--
  }
  return index
}
