/**
 * Splits a session cookie that is too large for one cookie into `{name}.0`, `{name}.1`, … and reads it back, with
 * the chunk size and naming of Auth.js v5 so that either can read the other's cookies.
 *
 * @module
 */
import type { Cookie } from '../types.js'
import type { SerializeOptions } from './serialize-cookie.js'

/**
 * Characters of value per cookie: Auth.js's 4096-byte browser limit minus its 160-byte estimate for the name and
 * attributes. Changing it would change where Auth.js and Gatehouse cut a token, not whether they can read it.
 */
export const CHUNK_SIZE = 3936

/**
 * Reads a possibly chunked cookie: the cookie `name` itself when it has a value, else the chunks `name.0`,
 * `name.1`, … concatenated in order; `undefined` when there is neither.
 *
 * Auth.js collects every cookie whose name merely starts with `name` (so `name-other` or `name.x` would be glued
 * in); this reads only `name.<n>` for n = 0, 1, 2, … and stops at the first gap, because a token with a missing
 * chunk cannot be valid and a stray cookie must not be able to extend one.
 *
 * @example
 * ```ts
 * readChunkedCookie({ 'authjs.session-token.0': 'abc', 'authjs.session-token.1': 'def' }, 'authjs.session-token')
 * // 'abcdef'
 * ```
 */
export function readChunkedCookie(cookies: Record<string, string>, name: string): string | undefined {
  const whole = cookies[name]
  if (whole) return whole
  let value = ''
  for (let index = 0; ; index++) {
    const chunk = cookies[`${name}.${index}`]
    if (chunk === undefined) break
    value += chunk
  }
  return value === '' ? undefined : value
}

/**
 * Returns the cookies that store `value` under `name`: one cookie when it fits in {@link CHUNK_SIZE} characters,
 * else the chunks `name.0` … `name.n`; plus a deletion for every cookie of this name or chunk in `requestCookies`
 * that the new cookies do not overwrite, so switching between chunked and whole leaves nothing stale behind.
 *
 * The deletions carry `options` without `expires` and with `maxAge: 0`, as Auth.js's do.
 *
 * @example
 * ```ts
 * writeChunkedCookie('authjs.session-token', jwe, { ...options, expires }, parseCookies(request.headers.get('cookie')))
 * ```
 */
export function writeChunkedCookie(
  name: string,
  value: string,
  options: SerializeOptions,
  requestCookies: Record<string, string>,
): Cookie[] {
  const written: Cookie[] = []
  if (value.length <= CHUNK_SIZE) {
    written.push({ name, value, options: { ...options } })
  } else {
    let start = 0
    for (let index = 0; start < value.length; index++) {
      let end = Math.min(start + CHUNK_SIZE, value.length)
      // Never split a surrogate pair: each half would fail percent-encoding. Session tokens are ASCII, so this
      // only matters for unusual values and never moves a cut that Auth.js would make.
      if (end < value.length && isHighSurrogate(value.charCodeAt(end - 1))) end--
      written.push({ name: `${name}.${index}`, value: value.slice(start, end), options: { ...options } })
      start = end
    }
  }
  const kept = new Set(written.map((cookie) => cookie.name))
  return written.concat(deletions(name, options, requestCookies, kept))
}

/**
 * Returns deletions for the cookie `name` and each of its chunks that `requestCookies` holds.
 *
 * Like Auth.js, only cookies the request carried are deleted: with `Path=/` the browser sends every cookie of this
 * name, so an absent one does not exist and a deletion for it would only add bytes to the response.
 *
 * @example
 * ```ts
 * clearChunkedCookie(cookies.sessionToken.name, cookies.sessionToken.options, parseCookies(cookieHeader))
 * ```
 */
export function clearChunkedCookie(
  name: string,
  options: SerializeOptions,
  requestCookies: Record<string, string>,
): Cookie[] {
  return deletions(name, options, requestCookies, new Set())
}

function deletions(
  name: string,
  options: SerializeOptions,
  requestCookies: Record<string, string>,
  kept: ReadonlySet<string>,
): Cookie[] {
  const { expires: _expires, ...rest } = options
  const deletion: SerializeOptions = { ...rest, maxAge: 0 }
  const cookies: Cookie[] = []
  for (const cookieName of Object.keys(requestCookies)) {
    if (!kept.has(cookieName) && isCookieOrChunk(cookieName, name)) {
      cookies.push({ name: cookieName, value: '', options: { ...deletion } })
    }
  }
  return cookies
}

/** `name` itself or `name.<digits>`; `name.01` counts too, since only a deletion will ever be written for it. */
function isCookieOrChunk(candidate: string, name: string): boolean {
  if (candidate === name) return true
  if (candidate.length <= name.length + 1 || !candidate.startsWith(name) || candidate[name.length] !== '.') {
    return false
  }
  for (let index = name.length + 1; index < candidate.length; index++) {
    const code = candidate.charCodeAt(index)
    if (code < 0x30 || code > 0x39) return false
  }
  return true
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff
}
