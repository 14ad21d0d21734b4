import type { ServerResponse } from 'node:http'
import { partsToResponse, responseParts, type ResponseParts } from '../../answer/index.js'
import type { ResponseInternal } from '../../types.js'
import { failResponse } from './fail-response.js'
import { writeBuiltResponse } from './write-built-response.js'

// What a `Response` does to a string body without a Content-Type (Fetch standard, "extract a body").
const DEFAULT_TEXT_TYPE = 'text/plain;charset=UTF-8'
// Header values a `Headers` object would change (surrounding whitespace) or refuse: those go the slow way.
const PLAIN_VALUE = /^(?:[^\t\n\r\0 ](?:[^\n\r\0]*[^\t\n\r\0 ])?)?$/

// The sorted list of each frozen headers record (the session endpoint answers every check with the same one), so
// the session check does not lower-case, test and sort the same four headers on every request.
const sortedOfFrozen = new WeakMap<object, [string, string][] | null>()

/**
 * The headers, in the order and spelling a `Response` of these parts iterates them (lower-case names, sorted),
 * or `null` when that takes more than copying (two spellings of one name, a value `Headers` would normalise).
 */
function sortedHeaders(parts: ResponseParts): [string, string][] | null {
  const { headers } = parts
  // Only a record that cannot change, with a body (so the default Content-Type question is settled) and no Location.
  if (
    headers === undefined ||
    parts.body === null ||
    parts.location !== undefined ||
    !Object.isFrozen(headers)
  )
    return sortHeaders(parts)
  let sorted = sortedOfFrozen.get(headers)
  if (sorted === undefined) {
    sorted = sortHeaders(parts)
    sortedOfFrozen.set(headers, sorted)
  }
  return sorted
}

function sortHeaders(parts: ResponseParts): [string, string][] | null {
  const lower = new Map<string, string>()
  for (const [name, value] of Object.entries(parts.headers ?? {})) {
    const key = name.toLowerCase()
    if (lower.has(key) || key === 'set-cookie' || !PLAIN_VALUE.test(value)) return null
    lower.set(key, value)
  }
  if (parts.body !== null && !lower.has('content-type')) lower.set('content-type', DEFAULT_TEXT_TYPE)
  if (parts.location !== undefined) {
    if (!PLAIN_VALUE.test(parts.location)) return null
    lower.set('location', parts.location)
  }
  return [...lower].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
}

/**
 * Writes an internal result to a `node:http` response exactly as {@link writeWebResponse} would write its
 * `Response` (same status, header names, order and values, cookies, body), without building the `Response` or
 * reading its stream back. Anything unusual goes through the `Response` itself. Never throws; returns nothing, so
 * the usual answer costs no promise (the `Response` way's promise never rejects).
 */
export function writeInternalResult(res: ServerResponse, result: ResponseInternal): void {
  let parts: ResponseParts
  try {
    parts = responseParts(result)
  } catch (error) {
    failResponse(res, error)
    return
  }
  writeParts(res, parts)
}

/** {@link writeInternalResult} of a result already reduced to its parts (a lazy `Response`'s). Never throws. */
export function writeParts(res: ServerResponse, parts: ResponseParts): void {
  try {
    const headers = sortedHeaders(parts)
    if (headers === null) {
      void writeBuiltResponse(res, partsToResponse(parts))
      return
    }
    if (res.destroyed || res.writableEnded) return
    res.statusCode = parts.status
    for (const [name, value] of headers) res.setHeader(name, value)
    if (parts.setCookie.length > 0) res.setHeader('Set-Cookie', parts.setCookie)
    // A string (not a Buffer) lets Node send the head and the body in one write, as a bare handler does.
    res.end(parts.body ?? undefined)
  } catch (error) {
    failResponse(res, error)
  }
}
