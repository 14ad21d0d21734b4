/**
 * `auth()` with no arguments and the server actions (`signIn`, `signOut`, `unstable_update`) as Next.js runs them:
 * Next's own `redirect()` (it throws NEXT_REDIRECT), FormData from a form, and `next/headers` answered from a
 * request scope built on Next's cookie classes (see next-request-scope.ts: Next's runtime cannot exist here).
 */
import './next-runtime-globals.js'
import { getURLFromRedirectError } from 'next/dist/client/components/redirect.js'
import { isRedirectError } from 'next/dist/client/components/redirect-error.js'
import { describe, expect, test, vi } from 'vitest'
import { CredentialsSignin } from '../../src/errors.js'
import { NextAuth } from '../../src/integrations/next/index.js'
import { encode as defaultEncode } from '../../src/jwt/index.js'
import Database from 'better-sqlite3'
import Credentials from '../../src/providers/credentials.js'
import { SQLiteAdapter, migrate } from '../../src/adapters/sqlite.js'
import { ORIGIN, SECRET, ada, credentialsConfig, signInThroughHandlers } from './next-fixtures.js'
import { enterRequest } from './next-request-scope.js'

vi.mock('next/headers', async () => (await import('./next-request-scope.js')).nextHeadersModule)

/** Runs a server action and returns where Next would redirect (the NEXT_REDIRECT it throws). */
async function redirectOf(action: () => Promise<unknown>): Promise<string> {
  try {
    await action()
  } catch (error) {
    if (isRedirectError(error)) return getURLFromRedirectError(error)
    throw error
  }
  throw new Error('the action did not redirect')
}

const actionHeaders = (extra: Record<string, string> = {}) => ({
  host: 'app.test',
  'x-forwarded-proto': 'http',
  ...extra,
})

/** A session cookie value made with the test secret, expiring `maxAge` seconds from now (negative: expired). */
function encodeSessionCookie(token: Record<string, unknown>, maxAge: number): Promise<string> {
  return defaultEncode({ token, secret: SECRET, salt: 'authjs.session-token', maxAge })
}

function sessionCookieOf(written: string[]): string | undefined {
  return written.find((c) => c.startsWith('authjs.session-token='))
}

describe('auth() with no arguments', () => {
  test('reads the session from headers() in a server component, and does not throw when it cannot write', async () => {
    const { handlers, auth } = NextAuth(credentialsConfig({ session: { updateAge: 0 } }))
    const cookie = await signInThroughHandlers(handlers)
    enterRequest(actionHeaders({ cookie }), 'rsc')
    expect((await auth())?.user).toEqual({ name: ada.name, email: ada.email })
    enterRequest(actionHeaders(), 'rsc')
    expect(await auth()).toBeNull()
  })

  test('in a server component, a session due for re-issue is only read: no encryption, no cookie', async () => {
    const encode = vi.fn(defaultEncode)
    const { handlers, auth } = NextAuth(credentialsConfig({ session: { updateAge: 0 }, jwt: { encode } }))
    const cookie = await signInThroughHandlers(handlers)
    encode.mockClear()
    const scope = enterRequest(actionHeaders({ cookie }), 'rsc')
    expect((await auth())?.user?.name).toBe(ada.name)
    expect(encode).not.toHaveBeenCalled()
    expect(scope.written).toEqual([])
    // The same check where cookies can be written re-issues (the spy is live).
    enterRequest(actionHeaders({ cookie }), 'action')
    await auth()
    expect(encode).toHaveBeenCalledTimes(1)
  })

  test('in a server component, a database session due for re-issue is not written to the database', async () => {
    const database = new Database(':memory:')
    await migrate(database)
    const adapter = SQLiteAdapter(database)
    const user = await adapter.createUser({ id: '', name: ada.name, email: ada.email, emailVerified: null })
    const updateSession = vi.spyOn(adapter, 'updateSession')
    const { handlers, auth } = NextAuth(
      credentialsConfig({
        adapter,
        session: { strategy: 'database', updateAge: 0 },
        // With database sessions `authorize` names the adapter's user.
        providers: [Credentials({ credentials: { email: {}, password: {} }, authorize: () => user })],
      }),
    )
    const cookie = await signInThroughHandlers(handlers)
    const scope = enterRequest(actionHeaders({ cookie }), 'rsc')
    expect((await auth())?.user?.email).toBe(ada.email)
    expect(updateSession).not.toHaveBeenCalled()
    expect(scope.written).toEqual([])
    const action = enterRequest(actionHeaders({ cookie }), 'action')
    expect((await auth())?.user?.email).toBe(ada.email)
    expect(updateSession).toHaveBeenCalledTimes(1)
    expect(sessionCookieOf(action.written)).toBeDefined()
  })

  test('the read-only path still refuses a tampered or expired session cookie', async () => {
    const { handlers, auth } = NextAuth(credentialsConfig({ session: { updateAge: 0 } }))
    const cookie = await signInThroughHandlers(handlers)
    enterRequest(actionHeaders({ cookie: `${cookie.slice(0, -4)}AAAA` }), 'rsc')
    expect(await auth()).toBeNull()
    const expired = await encodeSessionCookie({ name: ada.name, email: ada.email, sub: 'ada-1' }, -60)
    enterRequest(actionHeaders({ cookie: `authjs.session-token=${expired}` }), 'rsc')
    expect(await auth()).toBeNull()
  })

  test('in a route handler or server action, a re-issued cookie is written through cookies()', async () => {
    const { handlers, auth } = NextAuth(credentialsConfig({ session: { updateAge: 0 } }))
    const cookie = await signInThroughHandlers(handlers)
    const scope = enterRequest(actionHeaders({ cookie }), 'action')
    expect((await auth())?.user?.name).toBe(ada.name)
    expect(sessionCookieOf(scope.written)).toMatch(/HttpOnly/)
  })

  test('a configuration function gets undefined outside a request, and a broken one gives null', async () => {
    const configFn = vi.fn(() => credentialsConfig())
    const { auth } = NextAuth(configFn)
    enterRequest(actionHeaders(), 'rsc')
    expect(await auth()).toBeNull()
    expect(configFn).toHaveBeenCalledWith(undefined)
    const broken = NextAuth(() => {
      throw new Error('no config today')
    })
    expect(await broken.auth()).toBeNull()
  })
})

describe('signIn server action', () => {
  test('with FormData: writes the session cookie through cookies(), then redirects to redirectTo', async () => {
    const { signIn } = NextAuth(credentialsConfig())
    const scope = enterRequest(actionHeaders({ referer: `${ORIGIN}/login` }), 'action')
    const form = new FormData()
    form.set('email', ada.email)
    form.set('password', ada.password)
    form.set('redirectTo', '/dashboard')
    expect(await redirectOf(() => signIn('credentials', form))).toBe(`${ORIGIN}/dashboard`)
    expect(sessionCookieOf(scope.written)).toBeDefined()
  })

  test('redirect: false returns the URL instead of redirecting', async () => {
    const { signIn } = NextAuth(credentialsConfig())
    enterRequest(actionHeaders(), 'action')
    const url = await signIn('credentials', { email: ada.email, password: ada.password, redirect: false })
    expect(url).toBe(`${ORIGIN}/`)
  })

  test('a wrong password throws CredentialsSignin (code "credentials"); a custom code comes through', async () => {
    const { signIn } = NextAuth(credentialsConfig())
    const scope = enterRequest(actionHeaders(), 'action')
    const wrong = await signIn('credentials', { email: ada.email, password: 'nope' }).catch((e: unknown) => e)
    expect(wrong).toBeInstanceOf(CredentialsSignin)
    expect((wrong as CredentialsSignin).code).toBe('credentials')
    const locked = await signIn('credentials', { email: 'locked@example.com', password: 'x' }).catch(
      (e: unknown) => e,
    )
    expect((locked as CredentialsSignin).code).toBe('locked')
    expect(sessionCookieOf(scope.written)).toBeUndefined()
  })

  test('an X-Auth-Return-Redirect header on the action request does not turn the error into a result', async () => {
    const { signIn } = NextAuth(credentialsConfig())
    enterRequest(actionHeaders({ 'x-auth-return-redirect': '1' }), 'action')
    await expect(signIn('credentials', { email: ada.email, password: 'nope' })).rejects.toBeInstanceOf(
      CredentialsSignin,
    )
  })

  test('a redirectTo on another origin is ignored: the user stays on the origin', async () => {
    const { signIn } = NextAuth(credentialsConfig())
    enterRequest(actionHeaders(), 'action')
    const target = await redirectOf(() =>
      signIn('credentials', {
        email: ada.email,
        password: ada.password,
        redirectTo: 'https://evil.example/x',
      }),
    )
    expect(new URL(target).origin).toBe(ORIGIN)
    const noProvider = await signIn(undefined, { redirectTo: 'https://evil.example/x', redirect: false })
    expect(new URL(noProvider).searchParams.get('callbackUrl')).toBe('/')
  })

  test('no provider, or an unknown one, goes to the sign-in page with the callbackUrl', async () => {
    const { signIn } = NextAuth(credentialsConfig())
    enterRequest(actionHeaders({ referer: `${ORIGIN}/here` }), 'action')
    const url = new URL(await redirectOf(() => signIn()))
    expect(url.pathname).toBe('/api/auth/signin')
    expect(url.searchParams.get('callbackUrl')).toBe(`${ORIGIN}/here`)
    const unknown = new URL(await signIn('nope', { redirect: false, redirectTo: '/x' }))
    expect(unknown.pathname).toBe('/api/auth/signin')
    expect(unknown.searchParams.get('callbackUrl')).toBe('/x')
  })
})

describe('signOut and unstable_update server actions', () => {
  test('signOut clears the session cookie through cookies() and redirects', async () => {
    const { handlers, signOut } = NextAuth(credentialsConfig())
    const cookie = await signInThroughHandlers(handlers)
    const scope = enterRequest(actionHeaders({ cookie }), 'action')
    expect(await redirectOf(() => signOut({ redirectTo: '/bye' }))).toBe(`${ORIGIN}/bye`)
    expect(sessionCookieOf(scope.written)).toMatch(
      /^authjs\.session-token=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/,
    )
    enterRequest(actionHeaders({ cookie }), 'action')
    expect(await signOut({ redirect: false })).toEqual({ redirect: `${ORIGIN}/` })
  })

  test('unstable_update (and update) run the jwt callback with trigger update and write the new cookie', async () => {
    const seen: unknown[] = []
    const { handlers, unstable_update, update } = NextAuth(
      credentialsConfig({
        callbacks: {
          jwt: ({ token, trigger, session }) => {
            if (trigger !== 'update') return token
            seen.push(session)
            return { ...token, name: (session as { name: string }).name }
          },
        },
      }),
    )
    expect(update).toBe(unstable_update)
    const cookie = await signInThroughHandlers(handlers)
    const scope = enterRequest(actionHeaders({ cookie }), 'action')
    const session = await unstable_update({ name: 'Countess' })
    expect(session?.user?.name).toBe('Countess')
    expect(seen).toEqual([{ name: 'Countess' }])
    expect(sessionCookieOf(scope.written)).toBeDefined()
  })
})
