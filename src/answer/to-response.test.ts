import { describe, expect, it } from 'vitest'
import { serializeCookie } from '../cookies/serialize-cookie.js'
import type { Cookie, ResponseInternal } from '../types.js'
import { toResponse } from './to-response.js'

/** The previous implementation, through a separate `Headers`: the reference every answer must equal. */
function viaHeaders(result: ResponseInternal): Response {
  const headers = new Headers(result.headers)
  if (result.cookies) {
    for (const c of result.cookies) headers.append('Set-Cookie', serializeCookie(c.name, c.value, c.options))
  }
  if (result.redirect !== undefined) {
    headers.set('Location', result.redirect)
    return new Response(null, { status: result.status ?? 302, headers })
  }
  const status = result.status ?? 200
  if (result.body === undefined) return new Response(null, { status, headers })
  if (typeof result.body === 'string' && headers.get('Content-Type')?.startsWith('text/')) {
    return new Response(result.body, { status, headers })
  }
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json')
  return new Response(JSON.stringify(result.body), { status, headers })
}

async function observe(response: Response) {
  return {
    status: response.status,
    headers: [...response.headers],
    setCookies: response.headers.getSetCookie(),
    body: await response.text(),
  }
}

const expires = new Date(Date.UTC(2030, 0, 2, 3, 4, 5))
const options = { httpOnly: true, sameSite: 'lax', path: '/', secure: true } as const
const headerSets: Array<Record<string, string> | undefined> = [
  undefined,
  {},
  {
    'Content-Type': 'application/json',
    'Cache-Control': 'private, no-cache, no-store',
    Expires: '0',
    Pragma: 'no-cache',
  },
  { 'Content-Type': 'text/html; charset=utf-8' },
  { 'content-type': 'text/plain' },
  { 'Content-Type': '  text/html ' },
  { 'Content-Type': '' },
  { 'Content-Type': 'text/html', 'content-type': 'application/json' },
  { 'content-type': 'application/json', 'CONTENT-TYPE': 'text/html' },
  { Location: 'https://elsewhere.example/', 'X-Other': 'y' },
  { 'Set-Cookie': 'from-headers=1; Path=/' },
]
const cookieSets: Array<Cookie[] | undefined> = [
  undefined,
  [],
  [{ name: 'authjs.session-token', value: 'a.b.c', options: { ...options, expires } }],
  [
    { name: '__Secure-authjs.session-token.0', value: 'x'.repeat(50), options: { ...options, expires } },
    { name: '__Secure-authjs.session-token.1', value: 'y', options: { ...options, expires } },
    { name: '__Secure-authjs.session-token', value: '', options: { ...options, maxAge: 0 } },
  ],
]
const bodies: unknown[] = [undefined, null, '<p>page</p>', 'Bad request.', { user: { name: 'Ada' } }, [1, 2]]

describe('toResponse', () => {
  it('answers exactly as a response built through a separate Headers would, for every combination', async () => {
    let cases = 0
    for (const headers of headerSets) {
      for (const cookies of cookieSets) {
        for (const redirect of [undefined, 'https://app.example/next']) {
          for (const status of [undefined, 201]) {
            for (const body of bodies) {
              const result = { status, headers, cookies, redirect, body } as ResponseInternal
              expect(await observe(toResponse(result)), JSON.stringify(result)).toStrictEqual(
                await observe(viaHeaders(result)),
              )
              cases++
            }
          }
        }
      }
    }
    expect(cases).toBe(headerSets.length * cookieSets.length * 2 * 2 * bodies.length)
  })

  it('keeps each cookie a Set-Cookie header of its own, in order', () => {
    const response = toResponse({
      headers: { 'Content-Type': 'application/json' },
      body: {},
      cookies: [
        { name: 'a', value: '1', options: { path: '/' } },
        { name: 'b', value: '2', options: { path: '/', expires } },
      ],
    })
    expect(response.headers.getSetCookie()).toStrictEqual([
      'a=1; Path=/',
      'b=2; Path=/; Expires=Wed, 02 Jan 2030 03:04:05 GMT',
    ])
  })
})
