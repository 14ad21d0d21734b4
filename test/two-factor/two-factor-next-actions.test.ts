/**
 * Next.js server actions with two-factor sign-in, with Next's own cookie and redirect machinery: `signIn` stops at
 * the challenge (the pending cookie written, no session), `auth()` in a server component sees nobody, and
 * `verifyTwoFactor` refuses a wrong code and then issues the session.
 */
import '../next/next-runtime-globals.js'
import { getURLFromRedirectError } from 'next/dist/client/components/redirect.js'
import { isRedirectError } from 'next/dist/client/components/redirect-error.js'
import { describe, expect, test, vi } from 'vitest'
import { NextAuth } from '../../src/integrations/next/index.js'
import { enterRequest } from '../next/next-request-scope.js'
import { stepAt, totpCode } from '../support/rfc6238.js'
import { enrolledConfig, TOTP } from './integration-case.js'

vi.mock('next/headers', async () => (await import('../next/next-request-scope.js')).nextHeadersModule)

const ORIGIN = 'http://app.test'
const headers = (cookie = '') => ({
  host: 'app.test',
  'x-forwarded-proto': 'http',
  ...(cookie ? { cookie } : {}),
})

/** The `name=value` pairs of the cookies an action wrote (not those it deleted). */
function cookiesOf(written: string[]): string {
  return written
    .filter((line) => !/Max-Age=0/i.test(line) && !/=;/.test(line))
    .map((line) => line.split(';')[0])
    .join('; ')
}

describe('Next.js server actions with two-factor sign-in', () => {
  test('signIn stops at the challenge; verifyTwoFactor refuses a wrong code, then issues the session', async () => {
    const { signIn, verifyTwoFactor, auth } = NextAuth({ ...(await enrolledConfig()), callbacks: {} })
    const first = enterRequest(headers(), 'action')
    const url = await signIn('pw', { email: 'alice@example.test', password: 'secret', redirect: false })
    expect(url).toBe(`${ORIGIN}/api/auth/two-factor`)
    expect(first.written.some((line) => line.startsWith('gatehouse.pending-sign-in='))).toBe(true)
    expect(first.written.some((line) => line.startsWith('authjs.session-token='))).toBe(false)
    const pending = cookiesOf(first.written)

    enterRequest(headers(pending), 'rsc')
    expect(await auth()).toBeNull()

    const wrong = enterRequest(headers(pending), 'action')
    expect(await verifyTwoFactor('000000', { redirect: false })).toBe(
      `${ORIGIN}/api/auth/two-factor?error=invalid`,
    )
    expect(wrong.written.some((line) => line.startsWith('authjs.session-token='))).toBe(false)

    const right = enterRequest(headers(pending), 'action')
    const form = new FormData()
    form.set('code', totpCode(TOTP, stepAt()))
    let target = ''
    try {
      await verifyTwoFactor(form)
    } catch (error) {
      if (!isRedirectError(error)) throw error
      target = getURLFromRedirectError(error)
    }
    expect(new URL(target, ORIGIN).origin).toBe(ORIGIN)
    const session = cookiesOf(right.written)
    expect(session).toContain('authjs.session-token=')
    enterRequest(headers(session), 'rsc')
    expect((await auth())?.user?.email).toBe('alice@example.test')
  })
})
