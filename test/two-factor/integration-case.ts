/**
 * What every framework integration must get right with two-factor sign-in: a configuration whose Alice enrolled,
 * and the case itself (first factor held, the guard refusing, the code completing the sign-in). Two test files use
 * it: Express and Hono over HTTP, Next.js and SvelteKit in process (apart, since `@hono/node-server` replaces the
 * global `Response` that Next's middleware checks answers against).
 */
import { expect } from 'vitest'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import Credentials from '../../src/providers/credentials.js'
import { SealedSecrets } from '../../src/two-factor/sealed-secret.js'
import type { AuthConfig } from '../../src/types.js'
import { quietLogger } from '../database/session-flow-scenarios.js'
import { CookieJar } from '../support/cookie-jar.js'
import { stepAt, totpCode } from '../support/rfc6238.js'

const SECRET = 'a-two-factor-integration-secret-of-32-chars'
export const TOTP = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
const SESSION = 'authjs.session-token'
const PENDING = 'gatehouse.pending-sign-in'

/** A configuration whose Alice (password `secret`) has two-factor on with {@link TOTP}. */
export async function enrolledConfig(): Promise<AuthConfig> {
  const adapter = MemoryAdapter()
  await adapter.createUser({
    id: 'alice-id',
    name: 'Alice',
    email: 'alice@example.test',
    emailVerified: null,
  })
  await adapter.setTwoFactor({
    userId: 'alice-id',
    secret: await new SealedSecrets([SECRET]).seal(TOTP),
    enabled: true,
    lastUsedStep: null,
    backupCodes: [],
    trustedDevicesVersion: 0,
  })
  return {
    secret: SECRET,
    trustHost: true,
    logger: quietLogger(),
    adapter,
    session: { strategy: 'jwt' },
    twoFactor: { issuer: 'Integration test' },
    providers: [
      Credentials({
        id: 'pw',
        credentials: { email: {}, password: {} },
        authorize: async ({ email, password }) =>
          password === 'secret' ? await adapter.getUserByEmail(String(email)) : null,
      }),
    ],
  }
}

export type AppFetch = (url: string, init?: RequestInit) => Promise<Response>

/** First factor, the guard, the code, the guard again: what every integration must get right. */
export async function pendingThenCode(
  app: AppFetch,
  origin: string,
  base: string,
  protectedPath: string,
  refused: number,
): Promise<void> {
  const jar = new CookieJar()
  const call = async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers)
    if (jar.header()) headers.set('cookie', jar.header())
    const res = await app(`${origin}${path}`, { ...init, headers, redirect: 'manual' })
    jar.take(res)
    return res
  }
  const post = async (path: string, fields: Record<string, string>) => {
    const { csrfToken } = (await (await call(`${base}/csrf`)).json()) as { csrfToken: string }
    return call(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken, ...fields }).toString(),
    })
  }
  const held = await post(`${base}/callback/pw`, { email: 'alice@example.test', password: 'secret' })
  expect(held.headers.get('location')).toBe(`${origin}${base}/two-factor`)
  expect(jar.get(PENDING)).toBeDefined()
  expect(jar.get(SESSION)).toBeUndefined()
  expect((await call(protectedPath)).status).toBe(refused)
  expect(await (await call(`${base}/session`)).json()).toBeNull()

  const done = await post(`${base}/callback/two-factor`, { code: totpCode(TOTP, stepAt()) })
  expect(done.status).toBe(302)
  expect(jar.get(SESSION)).toBeDefined()
  expect((await call(protectedPath)).status).toBe(200)
}
