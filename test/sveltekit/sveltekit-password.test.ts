/** The SvelteKit `signIn` form action with the Password provider, as kit calls it (kit-app.ts). */
import { beforeAll, describe, expect, it } from 'vitest'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import { SvelteKitAuth, type SvelteKitAuthLocals } from '../../src/integrations/sveltekit/index.js'
import { CookieJar } from '../support/cookie-jar.js'
import { GOOD_PASSWORD, passwordConfig, seedPasswordUser } from '../passwords/password-harness.js'
import { formAction, kitRequest, type Route } from './kit-app.js'

const ORIGIN = 'http://app.test'
const adapter = MemoryAdapter()
beforeAll(() => seedPasswordUser(adapter, 'kit@example.com'))

describe('signIn form action with the Password provider', () => {
  it('signs in from a form post and locals.auth() sees the user', async () => {
    const { handle, signIn } = SvelteKitAuth(passwordConfig(adapter))
    const routes: Record<string, Route> = {
      'GET /me': async (event) =>
        Response.json({ session: await (event.locals as SvelteKitAuthLocals).auth() }),
      'POST /login': formAction(signIn),
    }
    const jar = new CookieJar()
    const send = async (path: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers)
      if (jar.header()) headers.set('cookie', jar.header())
      headers.set('host', 'app.test')
      const { response } = await kitRequest(
        handle,
        routes,
        new Request(`${ORIGIN}${path}`, { ...init, headers }),
      )
      jar.take(response)
      return response
    }
    const body = new FormData()
    for (const [k, v] of Object.entries({
      providerId: 'password',
      email: 'kit@example.com',
      password: GOOD_PASSWORD,
      redirectTo: '/dashboard',
    }))
      body.set(k, v)
    const response = await send('/login', { method: 'POST', headers: { origin: ORIGIN }, body })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(`${ORIGIN}/dashboard`)
    const me = (await (await send('/me')).json()) as { session: { user: { email: string } } | null }
    expect(me.session?.user.email).toBe('kit@example.com')
  })
})
