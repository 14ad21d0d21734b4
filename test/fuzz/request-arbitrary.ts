/**
 * The request generator (fast-check arbitraries, so runs are seeded and failures shrink): every action and method
 * of the route table and near-misses, provider ids, query strings, bodies of every type, genuine, truncated,
 * forged, foreign and chunked cookies, hostile headers and callbackUrl values.
 */
import fc from 'fast-check'
import type { FuzzRequest } from './fuzz-request.js'
import {
  CALLBACK_COOKIE,
  CHECK_COOKIES,
  CSRF_COOKIE,
  SESSION_COOKIE,
  type FuzzMaterial,
} from './fuzz-material.js'

/** A marker the invariants look for: it must never come back unescaped in a body. */
export const MARKER = '<fz-x onmouseover=1>'

const method = fc.oneof(
  { weight: 5, arbitrary: fc.constant('GET') },
  { weight: 7, arbitrary: fc.constant('POST') },
  fc.constantFrom('PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'get', 'Post'),
)
const rawOnlyMethods = ['CONNECT', 'TRACE', 'G3T', 'POST / HTTP/1.1']

const actions = [
  'providers',
  'csrf',
  'session',
  'signin',
  'signout',
  'callback',
  'error',
  'verify-request',
  'webauthn-options',
]
const providerIds = [
  'credentials',
  'down',
  'nope',
  '__proto__',
  'constructor',
  'CREDENTIALS',
  'undefined',
  '%00',
  '%E0%A4%A',
  'credentials%2F..',
  '%E6%97%A5%E6%9C%AC',
  'a'.repeat(300),
]
const nearMisses = [
  '/auth',
  '/auth/',
  '/AUTH/session',
  '/auth//session',
  '/auth/session/',
  '/auth/sessionx',
  '/auth/%73ession',
  '/auth/../auth/session',
  '/auth/signin/credentials/extra',
  '/api/auth/session',
  '/',
  '/protected',
  '/auth/session;x=1',
  '/auth/session#frag',
]

/** callbackUrl values: the good, the hostile and the unencodable. */
export const callbackUrls = [
  '/',
  '/dashboard?tab=1',
  'http://localhost:3000/ok',
  'HTTP://LOCALHOST:3000/ok',
  '//evil.example/x',
  'https://evil.example/',
  '/\\evil.example',
  '/\tevil.example',
  'javascript:alert(1)',
  'data:text/html,<script>1</script>',
  'http://localhost:3000@evil.example/',
  'http://user:pw@localhost:3000/',
  '/x\r\nSet-Cookie: a=b',
  '/x%0D%0ASet-Cookie:%20a=b',
  '/日本',
  '/\u2028x',
  ` ${MARKER}`,
  `/"${MARKER}`,
  `/${'a'.repeat(3000)}`,
  '',
]

const text = fc.oneof(
  fc.constantFrom('', 'alice', 'wonderland', MARKER, '%', '%zz', '\u0000', '日本', '\r\n'),
  fc.string({ maxLength: 20 }),
)

const query = fc.oneof(
  fc.constant(''),
  fc
    .array(
      fc.oneof(
        fc.constantFrom(...callbackUrls).map((v) => `callbackUrl=${encodeURIComponent(v)}`),
        fc.constantFrom(...callbackUrls).map((v) => `callbackUrl=${v}`),
        fc
          .constantFrom('Configuration', 'AccessDenied', 'Verification', 'CredentialsSignin', MARKER, 'x')
          .map((v) => `error=${encodeURIComponent(v)}`),
        fc.constantFrom('code=abc', 'state=xyz', 'iss=https://evil.example', 'csrf=true', '%', '&&', '=x'),
        text.map((v) => `q=${encodeURIComponent(v)}`),
      ),
      { minLength: 1, maxLength: 3 },
    )
    .map((parts) => `?${parts.join('&')}`),
)

/** The route table's method and path pairs, with each provider the configuration has. */
function routes(providers: readonly string[]): [string, string][] {
  const plain: [string, string][] = [
    ['GET', '/auth/providers'],
    ['GET', '/auth/csrf'],
    ['GET', '/auth/session'],
    ['POST', '/auth/session'],
    ['GET', '/auth/signin'],
    ['GET', '/auth/signout'],
    ['POST', '/auth/signout'],
    ['GET', '/auth/error'],
    ['GET', '/auth/verify-request'],
  ]
  const withProvider = providers.flatMap((p): [string, string][] => [
    ['POST', `/auth/signin/${p}`],
    ['GET', `/auth/callback/${p}`],
    ['POST', `/auth/callback/${p}`],
    ['GET', `/auth/webauthn-options/${p}`],
  ])
  return [...plain, ...withProvider, ...withProvider]
}

function routeArbitrary(providers: readonly string[]): fc.Arbitrary<[string, string]> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...routes(providers)) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(method, fc.constantFrom(...actions))
        .map(([m, a]): [string, string] => [m, `/auth/${a}`]),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          method,
          fc.constantFrom('signin', 'callback', 'webauthn-options', 'session'),
          fc.constantFrom(...providerIds),
        )
        .map(([m, a, p]): [string, string] => [m, `/auth/${a}/${p}`]),
    },
    { weight: 1, arbitrary: fc.tuple(method, fc.constantFrom(...nearMisses)) },
  )
}

function cookieArbitrary(m: FuzzMaterial): fc.Arbitrary<string[]> {
  const session = fc.oneof(
    fc.constant(`${SESSION_COOKIE}=${m.session}`),
    fc.constant(`${SESSION_COOKIE}=${m.session.slice(0, Math.floor(m.session.length / 2))}`),
    fc.constant(`${SESSION_COOKIE}=${m.otherSecretSession}`),
    fc.constant(`${SESSION_COOKIE}=${m.session.slice(0, -2)}${m.session.endsWith('A') ? 'B' : 'A'}A`),
    fc.constant(`${SESSION_COOKIE}.0=${m.session.slice(0, 40)}; ${SESSION_COOKIE}.1=${m.session.slice(40)}`),
    fc.constant(`${SESSION_COOKIE}.1=${m.session.slice(40)}`),
    fc.constant(`${SESSION_COOKIE}=${'A'.repeat(5000)}`),
    fc.constant(`${SESSION_COOKIE}=${'0'.repeat(64)}`),
    text.map((t) => `${SESSION_COOKIE}=${encodeURIComponent(t)}`),
  )
  const callback = fc.constantFrom(...callbackUrls).map((v) => `${CALLBACK_COOKIE}=${encodeURIComponent(v)}`)
  const check = fc
    .tuple(fc.constantFrom(...CHECK_COOKIES), fc.oneof(fc.constant(m.sealedCheck), text))
    .map(([name, v]) => `${name}=${encodeURIComponent(v)}`)
  const csrf = fc.oneof(
    { weight: 6, arbitrary: fc.constant(`${CSRF_COOKIE}=${m.csrfCookie}`) },
    fc.constant(`${CSRF_COOKIE}=${m.otherSecretCsrfCookie}`),
    fc.constant(`${CSRF_COOKIE}=${m.csrfCookie.slice(0, 20)}`),
    fc.constant(`${CSRF_COOKIE}=${m.csrfToken}%7C${'0'.repeat(64)}`),
  )
  const any = fc.oneof(session, csrf, callback, check, fc.constant(`junk=${MARKER}`))
  // Most requests carry the genuine CSRF cookie, so they get past the CSRF check to the flows behind it.
  return fc
    .tuple(fc.boolean(), fc.uniqueArray(any, { maxLength: 4, selector: (c) => c.split('=')[0] }))
    .map(([withCsrf, cookies]) =>
      withCsrf && !cookies.some((c) => c.startsWith(`${CSRF_COOKIE}=`))
        ? [`${CSRF_COOKIE}=${m.csrfCookie}`, ...cookies]
        : cookies,
    )
}

function fieldsArbitrary(m: FuzzMaterial): fc.Arbitrary<Record<string, string>> {
  return fc.record(
    {
      csrfToken: fc.oneof(
        { weight: 6, arbitrary: fc.constant(m.csrfToken) },
        fc.constant(m.csrfToken.slice(1)),
        text,
      ),
      callbackUrl: fc.constantFrom(...callbackUrls),
      username: fc.oneof({ weight: 3, arbitrary: fc.constant('alice') }, text),
      password: fc.oneof({ weight: 3, arbitrary: fc.constant('wonderland') }, text),
      everywhere: fc.constantFrom('true', 'false', MARKER),
      data: fc.constantFrom(
        '{"name":"x"}',
        MARKER,
        // WebAuthn responses: malformed, and shaped like one but unsigned.
        '{',
        '[]',
        '{"id":"AAAA","response":{}}',
        '{"id":"AAAA","rawId":"AAAA","type":"public-key","response":{"clientDataJSON":"e30","authenticatorData":"AAAA","signature":"AAAA"}}',
        '{"id":"AAAA","rawId":"AAAA","type":"public-key","response":{"clientDataJSON":"e30","attestationObject":"oA"}}',
      ),
      action: fc.constantFrom('authenticate', 'register', MARKER),
    },
    { requiredKeys: ['csrfToken', 'username', 'password'] },
  )
}

type Body = { type: string | undefined; body: string | undefined }

function bodyArbitrary(m: FuzzMaterial): fc.Arbitrary<Body> {
  const fields = fieldsArbitrary(m)
  return fc.oneof(
    fc.constant<Body>({ type: undefined, body: undefined }),
    {
      weight: 4,
      arbitrary: fields.map((f) => ({
        type: 'application/x-www-form-urlencoded',
        body: new URLSearchParams(f).toString(),
      })),
    },
    { weight: 2, arbitrary: fields.map((f) => ({ type: 'application/json', body: JSON.stringify(f) })) },
    fields.map((f) => ({ type: 'APPLICATION/JSON; charset=utf-8', body: JSON.stringify(f) })),
    fields.map((f) => {
      const parts = Object.entries(f).map(
        ([k, v]) => `--fzb\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
      )
      return { type: 'multipart/form-data; boundary=fzb', body: `${parts.join('')}--fzb--\r\n` }
    }),
    fc
      .constantFrom(
        '{',
        '[1,2]',
        'null',
        '"x"',
        '{"csrfToken":{"a":1}}',
        '{"__proto__":{"x":1}}',
        MARKER,
        '%%%&=&',
      )
      .chain((b) =>
        fc
          .constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain', undefined)
          .map((type) => ({ type, body: b })),
      ),
    fc
      .constantFrom(64 * 1024 + 1, 200_000)
      .chain((size) =>
        fc
          .constantFrom('application/x-www-form-urlencoded', 'application/json')
          .map((type) => ({ type, body: 'a'.repeat(size) })),
      ),
  )
}

const hostHeaders = [
  'localhost:3000',
  'LOCALHOST:3000',
  'localhost',
  '127.0.0.1:3000',
  '[::1]:3000',
  'evil.example',
]

/** Hosts that no URL can be built from; finding 1 of issue #14 (a thrown TypeError) lived here. */
export const unusableHosts = [
  'localhost:99999',
  'x@localhost:3000',
  'local host',
  '',
  'a/b',
  'localhost:3000 ',
]

const extraHeader = fc.oneof(
  fc.constantFrom<[string, string]>(
    ['X-Auth-Return-Redirect', '1'],
    ['X-Auth-Return-Redirect', '1'],
    ['X-Forwarded-Host', 'evil.example'],
    ['X-Forwarded-Host', 'x@localhost:3000'],
    ['X-Forwarded-Proto', 'https'],
    ['X-Forwarded-Proto', 'javascript'],
    ['X-Forwarded-For', '1.2.3.4, 5.6.7.8'],
    ['Origin', 'https://evil.example'],
    ['Referer', MARKER],
    ['Accept', 'text/html'],
    ['Accept', 'application/json'],
  ),
)

/**
 * Requests buildable as a web `Request` (and sent over raw HTTP too); most follow the route table with the
 * configuration's `providers`, so they reach the flows rather than the router's 400.
 */
export function requestArbitrary(m: FuzzMaterial, providers: readonly string[]): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      route: routeArbitrary(providers),
      query,
      host: fc.constantFrom(...hostHeaders),
      cookies: cookieArbitrary(m),
      body: bodyArbitrary(m),
      extra: fc.uniqueArray(extraHeader, { maxLength: 3, selector: ([n]) => n.toLowerCase() }),
    })
    .map(({ route: [method, p], query: q, host, cookies, body, extra }) => {
      const headers: [string, string][] = [['Host', host], ...extra]
      if (cookies.length > 0) headers.push(['Cookie', cookies.join('; ')])
      if (body.type !== undefined) headers.push(['Content-Type', body.type])
      const withBody =
        body.body !== undefined && method.toUpperCase() !== 'GET' && method.toUpperCase() !== 'HEAD'
      return { method, target: `${p}${q}`, headers, body: withBody ? body.body : undefined }
    })
}

/**
 * Requests only raw TCP can carry: malformed request lines, `*` and absolute-form targets, unusable Hosts,
 * header bytes `Headers` refuses, content-length lies, broken chunked bodies.
 */
export function rawRequestArbitrary(
  m: FuzzMaterial,
  providers: readonly string[],
): fc.Arbitrary<FuzzRequest> {
  const base = requestArbitrary(m, providers)
  return fc.oneof(
    { weight: 3, arbitrary: base },
    {
      weight: 1,
      arbitrary: fc.tuple(base, fc.constantFrom(...unusableHosts)).map(([r, host]) => ({
        ...r,
        headers: r.headers.map(([n, v]) => [n, n === 'Host' ? host : v] as const),
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(base, fc.constantFrom('*', 'http://localhost:3000', 'https://evil.example'))
        .map(([r, prefix]) => ({ ...r, target: prefix === '*' ? '*' : `${prefix}${r.target}` })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(base, fc.constantFrom(...rawOnlyMethods)).map(([r, method]) => ({ ...r, method })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          base,
          fc.constantFrom(
            'GET /auth/session',
            'GET /auth/session HTTP/9.9',
            'GET  /auth/session HTTP/1.1',
            'GET /auth/ses sion HTTP/1.1',
            'GET /auth/session HTTP/1.0',
            '\u0000\u0001\u0002',
          ),
        )
        .map(([r, requestLine]) => ({ ...r, requestLine })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          base,
          fc.constantFrom<[string, string]>(
            ['X-Bad', 'a\u0000b'],
            ['X-Folded', 'a\r\n folded'],
            ['Bad Name', 'x'],
            ['X-Utf8', '日本'],
            ['Host', 'localhost:3000'],
            ['Cookie', `${SESSION_COOKIE}=${'B'.repeat(40_000)}`],
          ),
        )
        .map(([r, h]) => ({ ...r, headers: [...r.headers, h] })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(base, fc.constantFrom('shorter', 'longer', 'chunked-broken', 'both'))
        .map(([r, lie]) => {
          const body = r.body ?? 'csrfToken=x'
          const length = Buffer.byteLength(body)
          const headers = r.headers.filter(([n]) => n.toLowerCase() !== 'content-length')
          if (lie === 'shorter')
            return {
              ...r,
              method: 'POST',
              body,
              headers: [...headers, ['Content-Length', String(Math.max(0, length - 3))] as const],
            }
          if (lie === 'longer')
            return {
              ...r,
              method: 'POST',
              body,
              headers: [...headers, ['Content-Length', String(length + 50)] as const],
            }
          if (lie === 'chunked-broken')
            return {
              ...r,
              method: 'POST',
              body: 'zz\r\nnot hex\r\n',
              headers: [...headers, ['Transfer-Encoding', 'chunked'] as const],
            }
          return {
            ...r,
            method: 'POST',
            body,
            headers: [
              ...headers,
              ['Content-Length', String(length)] as const,
              ['Transfer-Encoding', 'chunked'] as const,
            ],
          }
        }),
    },
  )
}
