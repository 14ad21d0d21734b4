/**
 * `gatehouse-auth/client`'s `listSessions()` and `revokeSession()` in Node against a real server (the client's
 * requests carry the cookies a browser would keep), with a second browser signed in beside it: the list marks this
 * browser's session, ending the other one signs that browser out, and `'all'` signs this one out too.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import { getSession, listSessions, revokeSession, signIn } from '../../src/client/index.js'
import { resolveConfig } from '../../src/config/resolve-config.js'
import Credentials from '../../src/providers/credentials.js'
import type { AuthConfig } from '../../src/types.js'
import { SECRET, recordingLogger } from '../http/http-helpers.js'
import { CookieJar } from '../support/cookie-jar.js'
import { serveResolved } from '../sign-in-gates/gate-harness.js'

const config: AuthConfig = {
  secret: SECRET,
  trustHost: true,
  logger: recordingLogger(),
  adapter: MemoryAdapter(),
  session: { strategy: 'jwt', revocationCheckInterval: 0 },
  providers: [
    Credentials({
      credentials: { username: {} },
      authorize: (c) => (c.username === 'alice' ? { id: 'user-alice', name: 'Alice' } : null),
    }),
  ],
}

let app: Awaited<ReturnType<typeof serveResolved>>
const jar = new CookieJar()
const realFetch = globalThis.fetch

beforeAll(async () => {
  app = await serveResolved(() => resolveConfig(config, {}))
  vi.stubEnv('NEXTAUTH_URL_INTERNAL', `${app.origin}/auth`)
  // The browser's cookie jar: every request of the client sends and keeps this one's cookies.
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers)
    if (jar.header()) headers.set('cookie', jar.header())
    const response = await realFetch(url, { ...init, headers, redirect: 'manual' })
    jar.take(response)
    return response
  })
})
afterAll(async () => {
  vi.unstubAllGlobals()
  vi.unstubAllEnvs()
  await app?.close()
})

/** Another browser, signed in as Alice over HTTP with a jar of its own. */
async function otherBrowser(): Promise<{ session: () => Promise<unknown> }> {
  const other = new CookieJar()
  const send = async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers)
    if (other.header()) headers.set('cookie', other.header())
    const response = await realFetch(`${app.origin}${path}`, { ...init, headers, redirect: 'manual' })
    other.take(response)
    return response
  }
  const { csrfToken } = (await (await send('/auth/csrf')).json()) as { csrfToken: string }
  await send('/auth/callback/credentials', {
    method: 'POST',
    body: new URLSearchParams({ csrfToken, username: 'alice' }),
  })
  return { session: async () => (await (await send('/auth/session')).json()) as unknown }
}

describe('the browser client manages sessions', () => {
  it('lists both sessions, ends the other browser, then all', async () => {
    expect(await signIn('credentials', { username: 'alice', redirect: false })).toMatchObject({ ok: true })
    const other = await otherBrowser()
    expect(await other.session()).toMatchObject({ user: { name: 'Alice' } })

    const listed = await listSessions()
    expect(listed).toHaveLength(2)
    expect(listed!.filter((s) => s.current)).toHaveLength(1)
    const theirs = listed!.find((s) => !s.current)!

    expect(await revokeSession(theirs.id)).toBe(true)
    expect(await other.session()).toBeNull()
    expect((await listSessions())?.map((s) => s.current)).toEqual([true])
    expect((await getSession())?.user?.name).toBe('Alice')

    expect(await revokeSession('all')).toBe(true)
    expect(await getSession()).toBeNull()
    expect(await listSessions()).toBeNull()
  })
})
