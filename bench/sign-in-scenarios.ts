/**
 * Scenarios (c) and (d): minting a CSRF token, and a credentials sign-in posted as a browser form with the CSRF
 * token and cookie each system handed out from its own `/csrf`.
 *
 * @module
 */
import { decode } from '@auth/core/jwt'
import {
  BASE_PATH,
  CSRF_COOKIE,
  ORIGIN,
  SECRET,
  SESSION_COOKIE,
  USER,
  check,
  setCookieValue,
} from './create-bench-systems.js'
import type { BenchSystem, BenchSystems, Scenario } from './create-bench-systems.js'

const CALLBACK_URL = `${ORIGIN}/dashboard`

function csrfRequest(): Request {
  return new Request(`${ORIGIN}${BASE_PATH}/csrf`)
}

/** Asks `system` for a CSRF token, checking the answer; returns the token and the cookie value it set. */
async function mintCsrf(system: BenchSystem): Promise<{ token: string; cookie: string }> {
  const response = await system.handle(csrfRequest())
  check(response.status === 200, `${system.name}: /csrf answered ${response.status}`)
  const body = (await response.json()) as { csrfToken?: unknown }
  const token = body.csrfToken
  check(
    typeof token === 'string' && /^[0-9a-f]{64}$/.test(token),
    `${system.name}: /csrf body ${JSON.stringify(body)}`,
  )
  const cookie = setCookieValue(response, CSRF_COOKIE)
  check(
    cookie !== undefined && cookie.startsWith(`${token}|`),
    `${system.name}: /csrf did not set ${CSRF_COOKIE} for its token`,
  )
  return { token, cookie }
}

function csrfMint(system: BenchSystem): () => Promise<void> {
  return async () => {
    const response = await system.handle(csrfRequest())
    if (response.status !== 200) throw new Error(`${system.name}: /csrf answered ${response.status}`)
    await response.arrayBuffer()
  }
}

/** The form a sign-in page posts, and the CSRF cookie that goes with it. */
interface SignInForm {
  cookie: string
  body: string
}

async function signInForm(system: BenchSystem): Promise<SignInForm> {
  const csrf = await mintCsrf(system)
  const body = new URLSearchParams({
    csrfToken: csrf.token,
    email: USER.email,
    password: 'not checked',
    callbackUrl: CALLBACK_URL,
  }).toString()
  return { cookie: `${CSRF_COOKIE}=${encodeURIComponent(csrf.cookie)}`, body }
}

function signInRequest(form: SignInForm): Request {
  return new Request(`${ORIGIN}${BASE_PATH}/callback/credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: form.cookie },
    body: form.body,
  })
}

function signIn(system: BenchSystem, form: SignInForm): () => Promise<void> {
  return async () => {
    const response = await system.handle(signInRequest(form))
    if (response.status !== 302) throw new Error(`${system.name}: sign-in answered ${response.status}`)
    await response.arrayBuffer()
  }
}

async function checkSignIn(system: BenchSystem, form: SignInForm): Promise<void> {
  const response = await system.handle(signInRequest(form))
  await response.arrayBuffer()
  check(response.status === 302, `${system.name}: sign-in answered ${response.status}`)
  const location = response.headers.get('location')
  check(location === CALLBACK_URL, `${system.name}: sign-in redirected to ${String(location)}`)
  const token = setCookieValue(response, SESSION_COOKIE)
  check(token !== undefined, `${system.name}: sign-in set no session cookie`)
  const payload = await decode({ token, secret: SECRET, salt: SESSION_COOKIE })
  check(
    payload?.sub === USER.id && payload.email === USER.email,
    `${system.name}: the session token does not decode`,
  )
}

/** Scenarios (c) CSRF token minting and (d) credentials sign-in. */
export async function signInScenarios(systems: BenchSystems): Promise<Scenario[]> {
  const { gatehouse, anchor } = systems
  const gatehouseForm = await signInForm(gatehouse)
  const anchorForm = await signInForm(anchor)
  return [
    {
      title: '(c) GET /csrf, no cookie',
      gatehouse: csrfMint(gatehouse),
      anchor: csrfMint(anchor),
      async verify() {
        await mintCsrf(gatehouse)
        await mintCsrf(anchor)
      },
    },
    {
      title: '(d) POST /callback/credentials',
      gatehouse: signIn(gatehouse, gatehouseForm),
      anchor: signIn(anchor, anchorForm),
      async verify() {
        await checkSignIn(gatehouse, gatehouseForm)
        await checkSignIn(anchor, anchorForm)
      },
    },
  ]
}
