/**
 * Genuine tokens the generator mixes into requests, so fuzzed requests reach past the CSRF check and the session
 * lookup instead of failing at the door: a CSRF cookie and its token, a live session cookie, and the same made
 * with another deployment's secret. Gathered through the same transport the fuzzer then uses.
 */
import { encode } from '../../src/jwt/encode.js'
import type { FuzzRequest } from './fuzz-request.js'
import { FUZZ_SECRET, OTHER_SECRET } from './fuzz-configs.js'

/** A response, as either transport reads it. */
export interface FuzzResponse {
  readonly status: number
  /** Lower-cased names, in order; `set-cookie` once per cookie. */
  readonly headers: readonly (readonly [string, string])[]
  readonly body: string
}

/** Sends one request and reads the whole answer. */
export type Send = (req: FuzzRequest) => Promise<FuzzResponse>

/** Tokens for the generator; all cookie values are as they go in a `Cookie` header. */
export interface FuzzMaterial {
  readonly csrfCookie: string
  readonly csrfToken: string
  readonly otherSecretCsrfCookie: string
  readonly session: string
  readonly otherSecretSession: string
  /** A check cookie (state, PKCE, nonce) sealed with the right secret, for a provider that never issued it. */
  readonly sealedCheck: string
}

export const SESSION_COOKIE = 'authjs.session-token'
export const CSRF_COOKIE = 'authjs.csrf-token'
export const CALLBACK_COOKIE = 'authjs.callback-url'
export const CHECK_COOKIES = ['authjs.state', 'authjs.pkce.code_verifier', 'authjs.nonce'] as const

const HOST = 'localhost:3000'

function cookieOf(res: FuzzResponse, name: string): string | undefined {
  for (const [n, v] of res.headers) {
    if (n !== 'set-cookie') continue
    const pair = v.split(';')[0] ?? ''
    if (pair.startsWith(`${name}=`)) return pair.slice(name.length + 1)
  }
  return undefined
}

async function csrfPair(send: Send): Promise<{ cookie: string; token: string }> {
  const res = await send({ method: 'GET', target: '/auth/csrf', headers: [['Host', HOST]], body: undefined })
  const cookie = cookieOf(res, CSRF_COOKIE)
  const token = (JSON.parse(res.body) as { csrfToken?: string }).csrfToken
  if (cookie === undefined || token === undefined) throw new Error(`no CSRF pair: ${res.status} ${res.body}`)
  return { cookie, token }
}

/**
 * Gathers the material through `send`. A database session comes from a real credentials sign-in; a JWT session
 * is sealed with the secret (the OpenID configuration has no credentials provider to sign in with).
 */
export async function gatherMaterial(
  send: Send,
  sendOther: Send,
  options: { hasCredentials: boolean; userId: string },
): Promise<FuzzMaterial> {
  const csrf = await csrfPair(send)
  const other = await csrfPair(sendOther)
  let session: string | undefined
  if (options.hasCredentials) {
    const res = await send({
      method: 'POST',
      target: '/auth/callback/credentials',
      headers: [
        ['Host', HOST],
        ['Content-Type', 'application/x-www-form-urlencoded'],
        ['Cookie', `${CSRF_COOKIE}=${csrf.cookie}`],
      ],
      body: new URLSearchParams({
        csrfToken: csrf.token,
        username: 'alice',
        password: 'wonderland',
      }).toString(),
    })
    session = cookieOf(res, SESSION_COOKIE)
    if (!session)
      throw new Error(`the credentials sign-in set no session: ${res.status} ${JSON.stringify(res.headers)}`)
  } else {
    session = await encode({
      token: { sub: options.userId, name: 'Alice' },
      secret: FUZZ_SECRET,
      salt: SESSION_COOKIE,
    })
  }
  const otherSecretSession = await encode({
    token: { sub: options.userId, name: 'Alice' },
    secret: OTHER_SECRET,
    salt: SESSION_COOKIE,
  })
  const sealedCheck = await encode({
    token: { value: 'fuzz-check-value', provider: 'down' },
    secret: FUZZ_SECRET,
    salt: 'authjs.state',
    maxAge: 900,
  })
  return {
    csrfCookie: csrf.cookie,
    csrfToken: csrf.token,
    otherSecretCsrfCookie: other.cookie,
    session,
    otherSecretSession,
    sealedCheck,
  }
}
