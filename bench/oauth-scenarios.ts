/**
 * Scenario (f): an OAuth/OIDC sign-in, the sign-in POST plus the callback (code exchange, ID token validation),
 * against one local OpenID provider (oidc-provider on 127.0.0.1) shared by both systems. The provider's own work
 * (authorize, token, JWKS) is in both timings alike, so the ratio understates the difference in framework cost.
 *
 * @module
 */
import { Auth as anchorAuth } from '@auth/core'
import type { AuthConfig as AnchorConfig } from '@auth/core'
import { Auth as gatehouseAuth } from '../src/index.js'
import type { AuthConfig as GatehouseConfig } from '../src/index.js'
import { CookieJar } from '../test/support/cookie-jar.js'
import { startOp, type RunningOp } from '../test/oauth/support/start-op.js'
import {
  BASE_PATH,
  CSRF_COOKIE,
  ORIGIN,
  SECRET,
  SESSION_COOKIE,
  check,
  setCookieValue,
} from './create-bench-systems.js'
import type { BenchSystem, Scenario } from './create-bench-systems.js'

const silent = { error: () => {}, warn: () => {}, debug: () => {} }
const CALLBACK = `${ORIGIN}${BASE_PATH}/callback/op`

/** Cookies set by a response, as a `Cookie` header fragment (cleared ones left out). */
function cookiesOf(response: Response): string[] {
  return response.headers
    .getSetCookie()
    .filter((line) => !/Max-Age=0/i.test(line))
    .map((line) => line.split(';')[0]!)
}

interface SignInContext {
  system: BenchSystem
  csrfCookie: string
  csrfToken: string
}

async function prepare(system: BenchSystem): Promise<SignInContext> {
  const response = await system.handle(new Request(`${ORIGIN}${BASE_PATH}/csrf`))
  const { csrfToken } = (await response.json()) as { csrfToken: string }
  const cookie = setCookieValue(response, CSRF_COOKIE)
  check(cookie !== undefined, `${system.name}: no CSRF cookie`)
  return { system, csrfToken, csrfCookie: `${CSRF_COOKIE}=${encodeURIComponent(cookie)}` }
}

/** One whole sign-in: POST /signin/op, the provider's authorize redirect (session already there), the callback. */
async function signIn(ctx: SignInContext, opJar: CookieJar, first = false): Promise<Response> {
  const start = await ctx.system.handle(
    new Request(`${ORIGIN}${BASE_PATH}/signin/op`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: ctx.csrfCookie },
      body: new URLSearchParams({ csrfToken: ctx.csrfToken, callbackUrl: `${ORIGIN}/` }).toString(),
    }),
  )
  const authorize = start.headers.get('location')
  if (start.status !== 302 || !authorize)
    throw new Error(`${ctx.system.name}: sign-in answered ${start.status}`)
  let url = authorize
  for (let hop = 0; !url.startsWith(CALLBACK); hop++) {
    if (hop > 8 || (!first && hop > 1))
      throw new Error(`${ctx.system.name}: the provider asked for an interaction`)
    const res = await fetch(url, { headers: { cookie: opJar.header() }, redirect: 'manual' })
    opJar.take(res)
    await res.arrayBuffer()
    url = new URL(res.headers.get('location') ?? '', url).href
  }
  const cookies = [ctx.csrfCookie, ...cookiesOf(start)].join('; ')
  return ctx.system.handle(new Request(url, { headers: { cookie: cookies } }))
}

/** Starts the provider and both systems configured for it; `close` stops the provider. */
export async function oauthScenarios(): Promise<{ scenarios: Scenario[]; close: () => Promise<void> }> {
  const op: RunningOp = await startOp(
    () => [{ client_id: 'bench', client_secret: 'bench-secret', redirect_uris: [CALLBACK] }],
    // Claims in the ID token, so neither system needs a userinfo request.
    { extra: { conformIdTokenClaims: false } },
  )
  const provider = {
    id: 'op',
    name: 'Bench OP',
    type: 'oidc' as const,
    issuer: op.issuer,
    clientId: 'bench',
    clientSecret: 'bench-secret',
    checks: ['pkce' as const, 'state' as const, 'nonce' as const],
  }
  const gatehouseConfig: GatehouseConfig = {
    providers: [{ ...provider }],
    secret: SECRET,
    trustHost: true,
    basePath: BASE_PATH,
    logger: silent,
  }
  const anchorConfig: AnchorConfig = {
    providers: [{ ...provider }],
    secret: SECRET,
    trustHost: true,
    basePath: BASE_PATH,
    logger: silent,
  }
  const gatehouse = await prepare({ name: 'Gatehouse', handle: (r) => gatehouseAuth(r, gatehouseConfig) })
  const anchor = await prepare({ name: '@auth/core', handle: (r) => anchorAuth(r, anchorConfig) })
  // One interaction logs the provider's user in; afterwards every authorize answers with a code at once.
  const opJar = new CookieJar()
  await signIn(gatehouse, opJar, true)

  const run = (ctx: SignInContext) => async () => {
    const res = await signIn(ctx, opJar)
    if (res.status !== 302) throw new Error(`${ctx.system.name}: callback answered ${res.status}`)
    await res.arrayBuffer()
  }
  const verify = async () => {
    for (const ctx of [gatehouse, anchor]) {
      const res = await signIn(ctx, opJar)
      check(res.status === 302, `${ctx.system.name}: callback answered ${res.status}`)
      check(
        res.headers.get('location') === `${ORIGIN}/`,
        `${ctx.system.name}: callback sent to ${res.headers.get('location')}`,
      )
      check(setCookieValue(res, SESSION_COOKIE) !== undefined, `${ctx.system.name}: no session cookie`)
    }
  }
  return {
    scenarios: [
      {
        title: '(f) OAuth sign-in: POST + callback (local OP)',
        gatehouse: run(gatehouse),
        anchor: run(anchor),
        verify,
      },
    ],
    close: () => op.close(),
  }
}
