/**
 * Two-factor sign-in in Chromium, as a person does it, on SQLite (JWT sessions) and PostgreSQL (database sessions):
 * enrol from the setup page (the secret read off the page, codes computed with the test's own RFC 6238
 * implementation), sign in again with the password and stop at the challenge (no session cookie), finish with a
 * code and "remember this browser"; a backup code in another browser; the remembered browser skipping the step until
 * `voidTrustedDevices` (what "sign out everywhere" and the password flows call; a real password change voids it in
 * two-factor-first-factors-browser.test.ts). The database set-up is two-factor-browser-app.ts's.
 */
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveConfig } from '../../src/config/resolve-config.js'
import { voidTrustedDevices } from '../../src/index.js'
import Credentials from '../../src/providers/credentials.js'
import { quietLogger } from '../database/session-flow-scenarios.js'
import { skipWithoutChromium } from '../support/chromium.js'
import { stepAt, totpCode } from '../support/rfc6238.js'
import { serveResolved } from '../sign-in-gates/gate-harness.js'
import {
  enrolInBrowser,
  hasSession,
  type Backend,
  SESSION,
  sharedChromium,
  twoFactorBackends,
} from './two-factor-browser-app.js'

const skip = skipWithoutChromium('two-factor sign-in in Chromium')

const browser = sharedChromium(skip)

describe.each(await twoFactorBackends(skip))(
  'two-factor sign-in in Chromium: %s',
  (_name, backendOf, unavailable) => {
    let backend: Backend
    let app: Awaited<ReturnType<typeof serveResolved>>
    let userId = ''

    beforeAll(async () => {
      if (skip || unavailable) return
      backend = await backendOf()
      const { adapter } = backend
      userId = (
        await adapter.createUser({
          id: crypto.randomUUID(),
          name: 'Ada',
          email: 'ada@example.test',
          emailVerified: null,
        })
      ).id
      app = await serveResolved(() =>
        resolveConfig(
          {
            secret: 'a-two-factor-browser-test-secret-of-32-chars',
            trustHost: true,
            logger: quietLogger(),
            adapter,
            session: { strategy: backend.strategy },
            twoFactor: { issuer: 'Gatehouse browser test' },
            providers: [
              Credentials({
                credentials: { email: { label: 'Email' }, password: { label: 'Password', type: 'password' } },
                authorize: async ({ email, password }) =>
                  password === 'lovelace' ? await adapter.getUserByEmail(String(email)) : null,
              }),
            ],
          },
          {},
        ),
      )
    })
    afterAll(async () => {
      await app?.close()
      await backend?.close()
    })

    async function signInWithPassword(context: BrowserContext): Promise<Page> {
      const page = await context.newPage()
      await page.goto(`${app.origin}/auth/signin?callbackUrl=${encodeURIComponent('/auth/session')}`)
      await page.getByLabel('Email').fill('ada@example.test')
      await page.getByLabel('Password').fill('lovelace')
      await page.getByRole('button', { name: 'Sign in' }).click()
      await page.waitForLoadState()
      return page
    }

    it.skipIf(skip || unavailable)(
      'enrols, then asks for the code at every sign-in: TOTP, backup code, remembered browser',
      async () => {
        // Enrol, signed in with the password only.
        const first = await browser().newContext({ baseURL: app.origin })
        const page = await signInWithPassword(first)
        expect(await hasSession(first)).toBe(true)
        const { secret, backupCodes } = await enrolInBrowser(page)
        await first.close()

        // Signed out: the password stops at the challenge, without a session.
        const second = await browser().newContext({ baseURL: app.origin })
        const challenge = await signInWithPassword(second)
        expect(new URL(challenge.url()).pathname).toBe('/auth/two-factor')
        expect(await hasSession(second)).toBe(false)
        await challenge.getByLabel('Code from your authenticator app').fill(totpCode(secret, stepAt() + 1))
        await challenge.getByLabel(/Remember this browser/).check()
        await challenge.getByRole('button', { name: 'Verify' }).click()
        await challenge.waitForURL(`${app.origin}/auth/session`)
        expect(await challenge.textContent('body')).toContain('ada@example.test')
        expect(await hasSession(second)).toBe(true)

        // A backup code in another browser.
        const third = await browser().newContext({ baseURL: app.origin })
        const withBackup = await signInWithPassword(third)
        await withBackup.getByLabel('Code from your authenticator app').fill(backupCodes[0]!)
        await withBackup.getByRole('button', { name: 'Verify' }).click()
        await withBackup.waitForURL(`${app.origin}/auth/session`)
        expect(await hasSession(third)).toBe(true)
        await third.close()

        // The remembered browser signs in with the password alone, until its trust is voided (a password change).
        await second.clearCookies({ name: SESSION })
        const remembered = await signInWithPassword(second)
        expect(new URL(remembered.url()).pathname).toBe('/auth/session')
        expect(await hasSession(second)).toBe(true)
        await voidTrustedDevices(backend.adapter, userId)
        await second.clearCookies({ name: SESSION })
        const voided = await signInWithPassword(second)
        expect(new URL(voided.url()).pathname).toBe('/auth/two-factor')
        expect(await hasSession(second)).toBe(false)
        await second.close()
      },
    )
  },
)
