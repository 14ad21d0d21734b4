/**
 * Scenarios (a) and (b): `GET /auth/session` with a valid session cookie, younger and older than `updateAge`. Both
 * systems receive the very same cookie bytes, made by Auth.js's own `encode` (fresh token) or by jose with the
 * key derivation of wire-contract §1.8 (old token, whose `iat` must be in the past, which `encode` cannot do
 * since it always stamps `iat = now`).
 *
 * @module
 */
import { hkdfSync, randomUUID } from 'node:crypto'
import { decode, encode } from '@auth/core/jwt'
import { EncryptJWT, base64url, calculateJwkThumbprint } from 'jose'
import {
  BASE_PATH,
  MAX_AGE,
  ORIGIN,
  SECRET,
  SESSION_COOKIE,
  UPDATE_AGE,
  USER,
  check,
  setCookieValue,
} from './create-bench-systems.js'
import type { BenchSystem, BenchSystems, Scenario } from './create-bench-systems.js'

/** The claims a credentials sign-in of {@link USER} puts in the token (before `iat`, `exp`, `jti`). */
const claims = { name: USER.name, email: USER.email, sub: USER.id }

/** A token as Auth.js issues it right now. */
export function freshSessionToken(): Promise<string> {
  return encode({ token: claims, secret: SECRET, salt: SESSION_COOKIE, maxAge: MAX_AGE })
}

/**
 * A token issued `ageSeconds` ago, valid until its issue time + `maxAge`: compact JWE, `alg: dir`,
 * `enc: A256CBC-HS512`, key = HKDF-SHA256(secret, salt = cookie name, info = "Auth.js Generated Encryption Key
 * (<salt>)", 64 bytes), `kid` = the key's SHA-512 JWK thumbprint (wire-contract §1.8).
 */
export async function agedSessionToken(ageSeconds: number): Promise<string> {
  const info = `Auth.js Generated Encryption Key (${SESSION_COOKIE})`
  const key = new Uint8Array(hkdfSync('sha256', SECRET, SESSION_COOKIE, info, 64))
  const kid = await calculateJwkThumbprint({ kty: 'oct', k: base64url.encode(key) }, 'sha512')
  const iat = Math.floor(Date.now() / 1000) - ageSeconds
  return new EncryptJWT({ ...claims })
    .setProtectedHeader({ alg: 'dir', enc: 'A256CBC-HS512', kid })
    .setIssuedAt(iat)
    .setExpirationTime(iat + MAX_AGE)
    .setJti(randomUUID())
    .encrypt(key)
}

function sessionRequest(token: string): Request {
  return new Request(`${ORIGIN}${BASE_PATH}/session`, { headers: { cookie: `${SESSION_COOKIE}=${token}` } })
}

/** One timed operation: a fresh request, the call, the whole body read. */
export function sessionCheck(system: BenchSystem, token: string): () => Promise<void> {
  return async () => {
    const response = await system.handle(sessionRequest(token))
    if (response.status !== 200) throw new Error(`${system.name}: /session answered ${response.status}`)
    await response.arrayBuffer()
  }
}

/**
 * The same check cycling through `tokens`: with more tokens than Gatehouse remembers (1024), every check misses its
 * verified-token cache and decrypts, as the first check of each session does.
 */
function rotatingSessionCheck(system: BenchSystem, tokens: readonly string[]): () => Promise<void> {
  let next = 0
  return async () => {
    const token = tokens[next]!
    next = (next + 1) % tokens.length
    const response = await system.handle(sessionRequest(token))
    if (response.status !== 200) throw new Error(`${system.name}: /session answered ${response.status}`)
    await response.arrayBuffer()
  }
}

interface SessionAnswer {
  body: { user?: { name?: string; email?: string }; expires?: string } | null
  /** The re-issued session token, if the response sets one. */
  reissued: string | undefined
  setCookies: number
}

async function askSession(system: BenchSystem, token: string): Promise<SessionAnswer> {
  const response = await system.handle(sessionRequest(token))
  check(response.status === 200, `${system.name}: /session answered ${response.status}`)
  check(
    response.headers.get('content-type')?.startsWith('application/json'),
    `${system.name}: /session is not JSON`,
  )
  const body = (await response.json()) as SessionAnswer['body']
  check(
    body?.user?.email === USER.email && body.user.name === USER.name,
    `${system.name}: /session body has no user: ${JSON.stringify(body)}`,
  )
  check(typeof body.expires === 'string', `${system.name}: /session body has no expires`)
  return {
    body,
    reissued: setCookieValue(response, SESSION_COOKIE),
    setCookies: response.headers.getSetCookie().length,
  }
}

/** Checks that a re-issued token is one Auth.js reads, for our user, stamped now. */
async function checkReissued(system: BenchSystem, token: string | undefined): Promise<void> {
  check(token !== undefined, `${system.name}: the session cookie was not re-issued`)
  const payload = await decode({ token, secret: SECRET, salt: SESSION_COOKIE })
  check(payload?.sub === USER.id, `${system.name}: the re-issued token does not decode with @auth/core`)
  const age = Date.now() / 1000 - (payload.iat ?? 0)
  check(age >= -1 && age < 60, `${system.name}: the re-issued token has iat ${String(payload.iat)}`)
}

/** Scenarios (a) fresh token and (b) token older than `updateAge`. */
export async function sessionScenarios(systems: BenchSystems): Promise<Scenario[]> {
  const { gatehouse, anchor } = systems
  const fresh = await freshSessionToken()
  const aged = await agedSessionToken(2 * UPDATE_AGE)
  const many = await Promise.all(Array.from({ length: 4096 }, () => freshSessionToken()))

  return [
    {
      title: '(a) GET /session, token < updateAge',
      target: 15,
      gatehouse: sessionCheck(gatehouse, fresh),
      anchor: sessionCheck(anchor, fresh),
      async verify() {
        const ours = await askSession(gatehouse, fresh)
        check(ours.setCookies === 0, 'Gatehouse: a fresh token must not be re-issued (no Set-Cookie)')
        const theirs = await askSession(anchor, fresh)
        await checkReissued(anchor, theirs.reissued)
      },
    },
    {
      title: '(u) GET /session, a different token on every check (none remembered)',
      gatehouse: rotatingSessionCheck(gatehouse, many),
      anchor: rotatingSessionCheck(anchor, many),
      async verify() {
        for (const token of [many[0]!, many[many.length - 1]!]) {
          check((await askSession(gatehouse, token)).setCookies === 0, 'Gatehouse re-issued a fresh token')
          await askSession(anchor, token)
        }
      },
    },
    {
      title: '(b) GET /session, token > updateAge',
      target: 8,
      gatehouse: sessionCheck(gatehouse, aged),
      anchor: sessionCheck(anchor, aged),
      async verify() {
        const payload = await decode({ token: aged, secret: SECRET, salt: SESSION_COOKIE })
        const age = Date.now() / 1000 - (payload?.iat ?? 0)
        check(payload?.sub === USER.id && age > UPDATE_AGE, 'the aged token does not decode with @auth/core')
        for (const system of [gatehouse, anchor]) {
          await checkReissued(system, (await askSession(system, aged)).reissued)
        }
      },
    },
  ]
}
