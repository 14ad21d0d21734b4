import { Auth } from '../../src/auth.js'
import type { AuthConfig } from '../../src/types.js'
import type { CookieJar } from './cookie-jar.js'

/**
 * A client that calls `Auth()` in the test's own process, so a rejection fails the test instead of hiding behind a
 * server; cookies travel through the given jar.
 */
export function inProcessClient(origin: string) {
  async function call(config: AuthConfig, jar: CookieJar, path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers)
    const cookie = jar.header()
    if (cookie) headers.set('cookie', cookie)
    const response = await Auth(new Request(`${origin}${path}`, { ...init, headers }), config)
    jar.take(response)
    return response
  }
  async function csrf(config: AuthConfig, jar: CookieJar): Promise<string> {
    const res = await call(config, jar, '/auth/csrf')
    return ((await res.json()) as { csrfToken: string }).csrfToken
  }
  return { call, csrf }
}
