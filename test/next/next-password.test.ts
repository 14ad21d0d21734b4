/** The Next.js `signIn` server action with the Password provider: FormData from a form, as Next.js runs it. */
import './next-runtime-globals.js'
import { getURLFromRedirectError } from 'next/dist/client/components/redirect.js'
import { isRedirectError } from 'next/dist/client/components/redirect-error.js'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import { CredentialsSignin } from '../../src/errors.js'
import { NextAuth } from '../../src/integrations/next/index.js'
import { GOOD_PASSWORD, passwordConfig, seedPasswordUser } from '../passwords/password-harness.js'
import { enterRequest } from './next-request-scope.js'

vi.mock('next/headers', async () => (await import('./next-request-scope.js')).nextHeadersModule)

const adapter = MemoryAdapter()
beforeAll(() => seedPasswordUser(adapter, 'next@example.com'))

describe('signIn server action with the Password provider', () => {
  test('signs in from FormData and writes the session cookie; a wrong password throws CredentialsSignin', async () => {
    const { signIn } = NextAuth(passwordConfig(adapter) as Parameters<typeof NextAuth>[0] & object)
    const scope = enterRequest({ host: 'app.test', 'x-forwarded-proto': 'http' }, 'action')
    const form = new FormData()
    form.set('email', 'next@example.com')
    form.set('password', GOOD_PASSWORD)
    form.set('redirectTo', '/dashboard')
    let location = ''
    try {
      await signIn('password', form)
    } catch (error) {
      if (!isRedirectError(error)) throw error
      location = getURLFromRedirectError(error)
    }
    expect(location).toBe('http://app.test/dashboard')
    expect(scope.written.some((c) => c.startsWith('authjs.session-token='))).toBe(true)

    enterRequest({ host: 'app.test', 'x-forwarded-proto': 'http' }, 'action')
    const wrong = await signIn('password', {
      email: 'next@example.com',
      password: 'wrong wrong wrong',
    }).catch((e: unknown) => e)
    expect(wrong).toBeInstanceOf(CredentialsSignin)
  })
})
