/**
 * Where a Gatehouse session check spends its time: each step of `GET /auth/session` timed in isolation, for a fresh
 * token (scenario a) and one older than `updateAge` (scenario b), next to the end-to-end call. Steps are measured
 * apart, so they need not add up exactly (shared caches, JIT inlining). Run with
 * `npx tsx bench/profile-session.ts`, or under `node --cpu-prof --import tsx` for a sampled profile
 * (`PROFILE_ONLY=a` or `=b` then loops on that end-to-end call only). Reports numbers; asserts nothing.
 *
 * @module
 */
import { Auth, raw } from '../src/index.js'
import type { AuthConfig, ResponseInternal } from '../src/index.js'
import { parseCookies } from '../src/cookies/parse-cookies.js'
import { serializeCookie } from '../src/cookies/serialize-cookie.js'
import { toResponse } from '../src/answer/index.js'
import { SessionJwe } from '../src/crypto/session-jwe.js'
import { noStoreHeaders } from '../src/session/no-store-headers.js'
import Credentials from '../src/providers/credentials.js'
import {
  BASE_PATH,
  MAX_AGE,
  ORIGIN,
  SECRET,
  SESSION_COOKIE,
  UPDATE_AGE,
  USER,
} from './create-bench-systems.js'
import { measure } from './measure.js'
import type { MeasureOptions } from './measure.js'
import { agedSessionToken, freshSessionToken } from './session-scenarios.js'

const quick = process.env['BENCH_QUICK'] === '1'
const options: MeasureOptions = quick
  ? { warmupMs: 100, runMs: 150, rounds: 3 }
  : { warmupMs: 300, runMs: 400, rounds: 5 }
/** Synchronous steps run this many times per measured call, so the harness's own await is negligible. */
const BATCH = 100

const config: AuthConfig = {
  providers: [Credentials({ authorize: () => ({ ...USER }) })],
  secret: SECRET,
  trustHost: true,
  basePath: BASE_PATH,
  session: { maxAge: MAX_AGE, updateAge: UPDATE_AGE },
  logger: { error: () => {}, warn: () => {}, debug: () => {} },
}
const rawConfig: AuthConfig = { ...config, raw }
const url = `${ORIGIN}${BASE_PATH}/session`
const jwe = new SessionJwe([SECRET], SESSION_COOKIE)
const cookieOptions = { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: false }

const request = (token: string) => new Request(url, { headers: { cookie: `${SESSION_COOKIE}=${token}` } })
let sink: unknown

/** Microseconds per call of a synchronous step. */
async function syncStep(fn: () => unknown): Promise<number> {
  const result = await measure(
    '',
    () => {
      for (let i = 0; i < BATCH; i++) sink = fn()
      return Promise.resolve()
    },
    options,
  )
  return 1e6 / (result.opsPerSec * BATCH)
}

/** Microseconds per call of an asynchronous step. */
async function asyncStep(fn: () => Promise<unknown>): Promise<number> {
  const result = await measure(
    '',
    async () => {
      sink = await fn()
    },
    options,
  )
  return 1e6 / result.opsPerSec
}

async function endToEnd(token: string): Promise<void> {
  const response = await Auth(request(token), config)
  await response.arrayBuffer()
}

async function breakdown(label: string, token: string, reissue: boolean): Promise<void> {
  const prebuilt = request(token)
  const header = prebuilt.headers.get('cookie')
  const decrypted = await jwe.decrypt(token)
  if (!decrypted) throw new Error('the token does not decrypt')
  const session = { user: { name: USER.name, email: USER.email }, expires: new Date().toISOString() }
  const json = JSON.stringify(session)
  const expires = new Date(Date.now() + MAX_AGE * 1000)
  const fresh = await jwe.encrypt(decrypted.payload, MAX_AGE)

  const result = (await Auth(request(token), rawConfig)) as unknown as ResponseInternal
  const rows: Array<[string, number]> = []
  const plan: Array<[string, () => Promise<number>]> = [
    ['new Request(url, { headers: { cookie } })', () => syncStep(() => request(token))],
    ['new URL(request.url)', () => syncStep(() => new URL(prebuilt.url))],
    ["request.headers.get('cookie')", () => syncStep(() => prebuilt.headers.get('cookie'))],
    ['parseCookies(header)', () => syncStep(() => parseCookies(header))],
    ['SessionJwe.decrypt (whole)', () => syncStep(() => jwe.decrypt(token))],
    ['  of which JSON.parse(plaintext)', () => syncStep(() => JSON.parse(decrypted.plaintext) as unknown)],
    [
      'session object + toISOString',
      () => syncStep(() => ({ user: { ...session.user }, expires: expires.toISOString() })),
    ],
    ['JSON.stringify(session)', () => syncStep(() => JSON.stringify(session))],
    ['new Headers(noStoreHeaders)', () => syncStep(() => new Headers(noStoreHeaders))],
    [
      'new Response(json, { headers })',
      () => syncStep(() => new Response(json, { status: 200, headers: noStoreHeaders })),
    ],
    ['new Response + await arrayBuffer()', () => asyncStep(() => new Response(json).arrayBuffer())],
    ['toResponse(raw result)', () => syncStep(() => toResponse(result))],
  ]
  if (reissue) {
    plan.push(
      ['SessionJwe.encrypt', () => syncStep(() => jwe.encrypt(decrypted.payload, MAX_AGE))],
      [
        'serializeCookie (with Expires)',
        () => syncStep(() => serializeCookie(SESSION_COOKIE, fresh, { ...cookieOptions, expires })),
      ],
      [
        "headers.append('Set-Cookie', …)",
        () => syncStep(() => new Headers(noStoreHeaders).append('Set-Cookie', fresh)),
      ],
    )
  }
  plan.push(
    ['Auth(request, raw config): no Response', () => asyncStep(() => Auth(request(token), rawConfig))],
    ['END TO END Auth(request) + arrayBuffer()', () => asyncStep(() => endToEnd(token))],
  )
  // One step at a time, never concurrently.
  for (const [name, run] of plan) rows.push([name, await run()])

  console.log(`\n${label}`)
  const width = Math.max(...rows.map(([name]) => name.length))
  for (const [name, micros] of rows)
    console.log(`  ${name.padEnd(width)}  ${micros.toFixed(2).padStart(8)} µs`)
}

async function main(): Promise<void> {
  const fresh = await freshSessionToken()
  const aged = await agedSessionToken(2 * UPDATE_AGE)
  const only = process.env['PROFILE_ONLY']
  if (only === 'a' || only === 'b') {
    const token = only === 'a' ? fresh : aged
    const until = Date.now() + (quick ? 3_000 : 10_000)
    let count = 0
    while (Date.now() < until) {
      await endToEnd(token)
      count++
    }
    console.log(`scenario ${only}: ${count} calls`)
    return
  }
  await breakdown('(a) token younger than updateAge: no re-issue', fresh, false)
  await breakdown('(b) token older than updateAge: re-issue', aged, true)
  if (sink === Symbol.for('never')) console.log('unreachable')
}

await main()
