import { NextRequest } from 'next/server.js'
import Credentials from '../../src/providers/credentials.js'
import { CredentialsSignin } from '../../src/errors.js'
import type { NextAuthConfig } from '../../src/integrations/next/index.js'
import type { NextAuthResult } from '../../src/integrations/next/index.js'

export const ORIGIN = 'http://app.test'
export const SECRET = 'next-test-secret-0123456789-abcdefghijkl'
export const ada = { email: 'ada@example.com', password: 'analytical', name: 'Ada' }

class LockedAccount extends CredentialsSignin {
  override code = 'locked'
}

/** A credentials configuration: Ada signs in; `locked@example.com` is refused with code `locked`. */
export function credentialsConfig(extra: Partial<NextAuthConfig> = {}): NextAuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    logger: { error: () => {}, warn: () => {} },
    providers: [
      Credentials({
        credentials: { email: {}, password: {} },
        authorize: (c) => {
          if (c.email === 'locked@example.com') throw new LockedAccount()
          return c.email === ada.email && c.password === ada.password
            ? { id: 'ada-1', name: ada.name, email: ada.email }
            : null
        },
      }),
    ],
    ...extra,
  }
}

/** The `name=value` part of each `Set-Cookie`. */
export function cookiePairs(response: Response): string[] {
  return response.headers.getSetCookie().map((line) => line.split(';')[0]!)
}

/** Signs Ada in through the route handlers, as a browser would, and returns her session cookie (`name=value`). */
export async function signInThroughHandlers(handlers: NextAuthResult['handlers']): Promise<string> {
  const csrf = await handlers.GET(new NextRequest(`${ORIGIN}/api/auth/csrf`))
  const { csrfToken } = (await csrf.json()) as { csrfToken: string }
  const response = await handlers.POST(
    new NextRequest(`${ORIGIN}/api/auth/callback/credentials`, {
      method: 'POST',
      headers: { cookie: cookiePairs(csrf).join('; '), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken, email: ada.email, password: ada.password }),
    }),
  )
  const session = cookiePairs(response).find((c) => c.startsWith('authjs.session-token='))
  if (response.status !== 302 || !session) throw new Error(`sign-in failed: ${response.status}`)
  return session
}
