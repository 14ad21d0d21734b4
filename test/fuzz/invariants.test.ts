/** The fuzzer's invariants themselves: each one fires on an answer that breaks it, and stays quiet otherwise. */
import { describe, expect, it } from 'vitest'
import { violations } from './invariants.js'
import type { FuzzResponse } from './fuzz-material.js'
import type { FuzzRequest } from './fuzz-request.js'
import { MARKER } from './request-arbitrary.js'

const get = (target: string, host = 'localhost:3000'): FuzzRequest => ({
  method: 'GET',
  target,
  headers: [['Host', host]],
  body: undefined,
})
const answer = (status: number, headers: [string, string][] = [], body = ''): FuzzResponse => ({
  status,
  headers,
  body,
})

describe('fuzz invariants', () => {
  it('a sound answer breaks nothing', () => {
    expect(
      violations(
        get('/auth/session'),
        answer(200, [['content-type', 'application/json']], 'null'),
        'jwt-credentials',
      ),
    ).toEqual([])
  })

  it('a 500 is a violation, except the unreachable provider on its own flows (500/502/503) and the Configuration error page', () => {
    expect(violations(get('/auth/session'), answer(500), 'jwt-credentials')).toEqual(['status 500'])
    expect(violations(get('/auth/callback/down'), answer(500), 'oidc-unreachable')).toEqual([])
    expect(violations(get('/auth/callback/down'), answer(500), 'jwt-credentials')).toEqual(['status 500'])
    expect(violations(get('/auth/callback/down'), answer(502), 'oidc-unreachable')).toEqual([])
    expect(violations(get('/auth/callback/down'), answer(504), 'oidc-unreachable')).toEqual(['status 504'])
    expect(violations(get('/auth/session'), answer(502), 'oidc-unreachable')).toEqual(['status 502'])
    expect(violations(get('/auth/error?error=Configuration'), answer(500), 'jwt-credentials')).toEqual([])
    expect(violations(get('/auth/error?error=AccessDenied'), answer(503), 'jwt-credentials')).toEqual([
      'status 503',
    ])
  })

  it('a stack frame or a source path in a body is a violation', () => {
    const trace = 'TypeError: x\n    at toWebRequest (/work/src/x.ts:1:2)'
    expect(violations(get('/auth/session'), answer(400, [], trace), 'jwt-credentials')[0]).toMatch(
      /internals/,
    )
    expect(
      violations(get('/auth/session'), answer(400, [], 'see node_modules/x'), 'jwt-credentials'),
    ).toHaveLength(1)
  })

  it('the marker reflected unescaped is a violation', () => {
    expect(violations(get('/auth/error'), answer(200, [], `<p>${MARKER}</p>`), 'jwt-credentials')).toEqual([
      'the marker came back unescaped in the body',
    ])
  })

  it('a live session cookie on a failed answer is a violation; clearing one is not', () => {
    const live: [string, string] = ['set-cookie', 'authjs.session-token=abc; Path=/; HttpOnly']
    const chunk: [string, string] = ['set-cookie', 'authjs.session-token.0=abc; Path=/']
    const cleared: [string, string] = ['set-cookie', 'authjs.session-token=; Max-Age=0; Path=/']
    const failedRedirect: [string, string] = [
      'location',
      'http://localhost:3000/auth/signin?error=CredentialsSignin',
    ]
    expect(violations(get('/auth/session'), answer(403, [live]), 'jwt-credentials')).toHaveLength(1)
    expect(
      violations(get('/auth/session'), answer(302, [failedRedirect, chunk]), 'jwt-credentials'),
    ).toHaveLength(1)
    expect(
      violations(get('/auth/session'), answer(302, [failedRedirect, cleared]), 'jwt-credentials'),
    ).toEqual([])
    expect(violations(get('/auth/session'), answer(200, [live]), 'jwt-credentials')).toEqual([])
  })

  it('a Location or JSON url off the request origin is a violation; the Host origin and paths are not', () => {
    const at = (url: string): [string, string][] => [['location', url]]
    expect(
      violations(get('/auth/signout'), answer(302, at('https://evil.example/')), 'jwt-credentials'),
    ).toHaveLength(1)
    expect(
      violations(get('/auth/signout'), answer(302, at('//evil.example/')), 'jwt-credentials'),
    ).toHaveLength(1)
    expect(
      violations(get('/auth/signout'), answer(302, at('javascript:alert(1)')), 'jwt-credentials'),
    ).toHaveLength(1)
    expect(
      violations(get('/auth/signout'), answer(302, at('http://localhost:3000/x')), 'jwt-credentials'),
    ).toEqual([])
    expect(violations(get('/auth/signout'), answer(302, at('/x')), 'jwt-credentials')).toEqual([])
    const json = answer(
      200,
      [['content-type', 'application/json']],
      JSON.stringify({ url: 'https://evil.example' }),
    )
    expect(violations(get('/auth/signout'), json, 'jwt-credentials')).toHaveLength(1)
    // With AUTH_URL the Host header names no acceptable origin.
    const hostOrigin = answer(302, at('http://evil.example/'))
    expect(violations(get('/auth/signout', 'evil.example'), hostOrigin, 'database-sqlite')).toEqual([])
    expect(
      violations(
        get('/auth/signout', 'evil.example'),
        hostOrigin,
        'database-sqlite',
        'http://localhost:3000',
      ),
    ).toHaveLength(1)
  })

  it('a Set-Cookie of a name Gatehouse does not own (header injection) is a violation', () => {
    const injected: [string, string] = ['set-cookie', 'a=b; Path=/']
    const own: [string, string] = ['set-cookie', '__Host-authjs.csrf-token=x; Path=/; Secure']
    expect(violations(get('/auth/csrf'), answer(200, [injected]), 'jwt-credentials')).toHaveLength(1)
    expect(violations(get('/auth/csrf'), answer(200, [own]), 'jwt-credentials')).toEqual([])
  })
})
