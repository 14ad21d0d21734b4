/**
 * A gate after an OpenID Connect sign-in against the real `oidc-provider`: the account with its tokens waits in the
 * pending cookie (chunked when it is long) and reaches the `jwt` callback and `events.signIn` only on resume; with
 * database sessions the user and account are stored before the hold and the session only after it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import type { OAuthConfig } from '../../src/providers/provider-types.js'
import { quietLogger } from '../database/session-flow-scenarios.js'
import { signIn } from '../oauth/support/browser-flow.js'
import { startOp, type RunningOp } from '../oauth/support/start-op.js'
import { csrfToken, form, jarFetch, type CookieJar } from '../support/cookie-jar.js'
import {
  CODE,
  gatedConfig,
  PENDING,
  recording,
  seenRecord,
  serveResolved,
  SESSION,
  setNames,
  testGate,
} from './gate-harness.js'

const SECRET = 'an-oauth-gate-test-secret-of-32-characters'
type App = Awaited<ReturnType<typeof serveResolved>>

let op: RunningOp
let jwtApp: App
let dbApp: App
const adapter = MemoryAdapter()
const seenJwt = seenRecord()
const seenDb = seenRecord()
const callbacks = (origin: string) => [`${origin}/auth/callback/op`, `${origin}/auth/callback/op-big`]

function providers(issuer: string): OAuthConfig[] {
  const base = {
    name: 'OP',
    type: 'oidc' as const,
    issuer,
    clientId: 'rp',
    clientSecret: 'rp-secret',
    checks: ['pkce' as const, 'state' as const, 'nonce' as const],
  }
  return [
    { ...base, id: 'op' },
    // An account as long as some providers' tokens are: the held state no longer fits one cookie.
    { ...base, id: 'op-big', account: (tokens) => ({ ...tokens, claims_blob: 'x'.repeat(6000) }) },
  ]
}

beforeAll(async () => {
  op = await startOp(() => [
    {
      client_id: 'rp',
      client_secret: 'rp-secret',
      redirect_uris: [...callbacks(jwtApp.origin), ...callbacks(dbApp.origin)],
      grant_types: ['authorization_code', 'refresh_token'],
    },
  ])
  jwtApp = await serveResolved(() =>
    gatedConfig(
      recording(seenJwt, {
        secret: SECRET,
        trustHost: true,
        logger: quietLogger(),
        providers: providers(op.issuer),
      }),
      [testGate('test-gate', seenJwt)],
    ),
  )
  dbApp = await serveResolved(() =>
    gatedConfig(
      recording(seenDb, {
        secret: SECRET,
        trustHost: true,
        logger: quietLogger(),
        adapter,
        session: { strategy: 'database' },
        pages: { newUser: '/welcome' },
        providers: providers(op.issuer),
      }),
      [testGate('test-gate', seenDb)],
    ),
  )
})
afterAll(async () => {
  await jwtApp?.close()
  await dbApp?.close()
  await op?.close()
})

async function pass(jar: CookieJar, origin: string): Promise<Response> {
  const token = await csrfToken(jar, origin)
  return jarFetch(jar, `${origin}/auth/callback/test-gate`, form({ csrfToken: token, code: CODE }))
}

describe('a gate after an OpenID Connect sign-in (real oidc-provider)', () => {
  it('holds it with the account and its tokens, then resumes it into one JWT session', async () => {
    seenJwt.jwt.length = 0
    seenJwt.signIn.length = 0
    const { callback, jar } = await signIn(jwtApp.origin, 'op')
    expect(callback.status).toBe(302)
    expect(callback.headers.get('location')).toBe(`${jwtApp.origin}/auth/test-gate`)
    expect(setNames(callback)).toEqual([PENDING])
    // The used check cookies are cleared by the held answer too.
    const cleared = callback.headers.getSetCookie().filter((c) => /Max-Age=0/.test(c))
    expect(cleared.map((c) => c.split('=')[0]).sort()).toEqual([
      'authjs.nonce',
      'authjs.pkce.code_verifier',
      'authjs.state',
    ])
    expect(seenJwt.jwt).toEqual([])
    expect(seenJwt.signIn).toEqual([])

    const resumed = await pass(jar, jwtApp.origin)
    expect(resumed.headers.get('location')).toBe(`${jwtApp.origin}/auth/session`)
    expect(setNames(resumed)).toContain(SESSION)
    expect(seenJwt.jwt.map((j) => j.trigger)).toEqual(['signIn'])
    const { account, profile, user } = seenJwt.jwt[0]!
    expect(account).toMatchObject({ provider: 'op', providerAccountId: 'alice', type: 'oidc' })
    expect(typeof account?.access_token).toBe('string')
    expect(account?.id_token).toMatch(/^eyJ/)
    expect(profile).toMatchObject({ sub: 'alice', email: 'Alice@Example.COM' })
    expect(user.email).toBe('alice@example.com')
    expect(seenJwt.signIn).toHaveLength(1)
    expect(jar.get(SESSION)).toBeDefined()
  })

  it('splits a long held state into chunks, reads them back, and clears every chunk with the session', async () => {
    seenJwt.jwt.length = 0
    const { callback, jar } = await signIn(jwtApp.origin, 'op-big')
    const chunks = setNames(callback)
    expect(chunks.length).toBeGreaterThan(1)
    expect(chunks).toEqual(chunks.map((_, index) => `${PENDING}.${index}`))
    for (const line of callback.headers.getSetCookie().filter((c) => c.startsWith(PENDING))) {
      expect(line.length).toBeLessThan(4096)
    }
    const resumed = await pass(jar, jwtApp.origin)
    expect(setNames(resumed)).toContain(SESSION)
    const clearedChunks = resumed.headers
      .getSetCookie()
      .filter((c) => c.startsWith(PENDING) && /Max-Age=0/.test(c))
      .map((c) => c.split('=')[0])
    expect(clearedChunks.sort()).toEqual([...chunks].sort())
    expect(seenJwt.jwt).toHaveLength(1)
    expect(seenJwt.jwt[0]!.account?.['claims_blob']).toBe('x'.repeat(6000))
  })

  it('with database sessions: user and account are stored before the hold, the session only on resume', async () => {
    const { callback, jar } = await signIn(dbApp.origin, 'op')
    expect(callback.headers.get('location')).toBe(`${dbApp.origin}/auth/test-gate`)
    expect(adapter.store.users.size).toBe(1)
    expect(adapter.store.accounts.size).toBe(1)
    expect(adapter.store.sessions.size).toBe(0)
    expect(seenDb.signIn).toEqual([])

    const resumed = await pass(jar, dbApp.origin)
    // A new user: `pages.newUser`, with where the sign-in was going.
    expect(resumed.headers.get('location')).toBe(
      `${dbApp.origin}/welcome?callbackUrl=${encodeURIComponent(`${dbApp.origin}/auth/session`)}`,
    )
    expect(adapter.store.sessions.size).toBe(1)
    expect(seenDb.signIn.map((s) => s.isNewUser)).toEqual([true])
    const session = (await (await jarFetch(jar, `${dbApp.origin}/auth/session`)).json()) as {
      user?: { email?: string }
    }
    expect(session.user?.email).toBe('alice@example.com')
  })
})
