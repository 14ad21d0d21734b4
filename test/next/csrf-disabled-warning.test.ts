/**
 * The `csrf-disabled` warning: once per process, logger and configuration shape for an application that turns
 * the CSRF check off, and never for a framework's own server-side call (raw mode with `skipCSRFCheck`: Next.js
 * server actions, next-auth's `{ ...config, raw, skipCSRFCheck }` on every call), where the framework checks the
 * origin itself.
 */
import './next-runtime-globals.js'
import { describe, expect, test, vi } from 'vitest'
import { Auth } from '../../src/auth.js'
import { NextAuth } from '../../src/integrations/next/index.js'
import Credentials from '../../src/providers/credentials.js'
import { raw, skipCSRFCheck } from '../../src/symbols.js'
import type { AuthConfig, WarningCode } from '../../src/types.js'
import { ORIGIN, SECRET, ada, credentialsConfig } from './next-fixtures.js'
import { enterRequest } from './next-request-scope.js'

vi.mock('next/headers', async () => (await import('./next-request-scope.js')).nextHeadersModule)

function warningsLogger() {
  const warnings: WarningCode[] = []
  return { warnings, error: () => {}, warn: (code: WarningCode) => void warnings.push(code), debug: () => {} }
}

function config(logger: ReturnType<typeof warningsLogger>, basePath = '/auth'): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    basePath,
    logger,
    providers: [Credentials({ authorize: () => null })],
  }
}

describe('csrf-disabled', () => {
  test('an application that turns the check off is warned once, however often an equal configuration is built', async () => {
    const logger = warningsLogger()
    for (let i = 0; i < 5; i++) {
      // A new object each time, as a configuration function of the request returns.
      const response = await Auth(new Request(`${ORIGIN}/auth/session`), { ...config(logger), skipCSRFCheck })
      expect(response.status).toBe(200)
    }
    expect(logger.warnings).toStrictEqual(['csrf-disabled'])
    // Another shape (another mount) is another configuration, warned about on its own.
    await Auth(new Request(`${ORIGIN}/other/session`), { ...config(logger, '/other'), skipCSRFCheck })
    expect(logger.warnings).toStrictEqual(['csrf-disabled', 'csrf-disabled'])
  })

  test('a framework’s raw call with skipCSRFCheck (next-auth’s server actions) is not warned about', async () => {
    const logger = warningsLogger()
    for (let i = 0; i < 3; i++) {
      await Auth(new Request(`${ORIGIN}/auth/session`), { ...config(logger), raw, skipCSRFCheck })
    }
    expect(logger.warnings).toStrictEqual([])
  })

  test('Gatehouse’s Next.js signIn server action logs no csrf-disabled', async () => {
    const logger = warningsLogger()
    const { signIn } = NextAuth(credentialsConfig({ logger }))
    for (let i = 0; i < 2; i++) {
      enterRequest({ host: 'app.test', 'x-forwarded-proto': 'http' }, 'action')
      const url = await signIn('credentials', { email: ada.email, password: ada.password, redirect: false })
      expect(url).toBe(`${ORIGIN}/`)
    }
    expect(logger.warnings).not.toContain('csrf-disabled')
  })
})
