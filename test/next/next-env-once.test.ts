/**
 * The environment is read once, when `NextAuth` binds its configuration, and the core resolves against that same
 * reading: `AUTH_URL` names the public origin of the middleware's redirects and picks the HTTPS cookie names, and
 * `AUTH_SECRET` reads the session. A later change of the process environment changes nothing.
 */
import { NextRequest } from 'next/server.js'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { NextAuth } from '../../src/integrations/next/index.js'
import { encode } from '../../src/jwt/index.js'
import { SECRET, credentialsConfig } from './next-fixtures.js'

afterEach(() => vi.unstubAllEnvs())

describe('NextAuth reads the environment once', () => {
  test('AUTH_URL and AUTH_SECRET as they were at the first request', async () => {
    vi.stubEnv('AUTH_URL', 'https://public.example/api/auth')
    vi.stubEnv('AUTH_SECRET', SECRET)
    const { secret: _secret, ...config } = credentialsConfig({
      callbacks: { authorized: ({ auth }) => !!auth },
    })
    const { auth } = NextAuth(config)
    const denied = async () =>
      new URL((await auth(new NextRequest('http://10.0.0.5:3000/dashboard'))).headers.get('location')!)
    const first = await denied()
    expect(first.origin).toBe('https://public.example')
    expect(first.searchParams.get('callbackUrl')).toBe('https://public.example/dashboard')

    vi.stubEnv('AUTH_URL', 'https://other.example/api/auth')
    vi.stubEnv('AUTH_SECRET', 'another-secret-another-secret-another-secret')
    expect((await denied()).href).toBe(first.href)
    // The session cookie of the public (HTTPS) origin, made with the secret read at first.
    const name = '__Secure-authjs.session-token'
    const token = await encode({
      token: { name: 'Ada', sub: 'ada-1' },
      secret: SECRET,
      salt: name,
      maxAge: 60,
    })
    const passed = await auth(
      new NextRequest('http://10.0.0.5:3000/dashboard', { headers: { cookie: `${name}=${token}` } }),
    )
    expect(passed.headers.get('x-middleware-next')).toBe('1')
  })
})
