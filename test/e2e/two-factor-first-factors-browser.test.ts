/**
 * Two-factor sign-in after every first factor, in Chromium, on SQLite (JWT sessions) and PostgreSQL (database
 * sessions): each user enrols from the setup page, signs out, and signs in again with the `Password` provider, an
 * e-mail link (real SMTP) or the real `oidc-provider`; each sign-in stops at the challenge with no session cookie
 * and no sign-in recorded, and a code finishes it. A passkey answers the challenge through the page's "Use a
 * passkey" button (a virtual authenticator), and a browser holding only another user's passkey gets a message and
 * no session (a correctly signed answer with it is refused at the HTTP level: two-factor-first-factors.test.ts); a
 * remembered browser skips the step until a real password change on the change-password page voids it (the new
 * password 8 characters long: the minimum once two-factor is on).
 */
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { skipWithoutChromium } from '../support/chromium.js'
import { stepAt, totpCode } from '../support/rfc6238.js'
import {
  addAuthenticator,
  answerChallenge,
  emailLinkSignIn,
  enrolInBrowser,
  expectHeld,
  hasSession,
  openIdSignIn,
  PASSWORD,
  passwordSignIn,
  sessionEmail,
  signOut,
  startTwoFactorBrowserApp,
  type TwoFactorBrowserApp,
  sharedChromium,
  twoFactorBackends,
} from './two-factor-browser-app.js'

const skip = skipWithoutChromium('two-factor sign-in after every first factor in Chromium')
const PAT = 'pat@example.test'
const ERIN = 'erin@example.test'
// Eight characters, none of them the address: refused while the password is the only factor, taken with two.
const SHORT_PASSWORD = 'kq7vz2mw'

const browser = sharedChromium(skip)

describe.each(await twoFactorBackends(skip))(
  'two-factor after every first factor in Chromium: %s',
  (_name, backendOf, unavailable) => {
    let app: TwoFactorBrowserApp
    const contexts: BrowserContext[] = []

    beforeAll(async () => {
      if (skip || unavailable) return
      app = await startTwoFactorBrowserApp(await backendOf(), PAT)
    })
    afterAll(async () => {
      await Promise.all(contexts.map((c) => c.close()))
      await app?.close()
    })

    async function newPage(): Promise<Page> {
      const context = await browser().newContext({ baseURL: app.origin })
      context.setDefaultTimeout(15_000)
      contexts.push(context)
      return context.newPage()
    }

    /** Forgets what the last sign-in recorded, so the next held one can be checked for none. */
    function forgetSignIns(): void {
      app.seen.signIn.length = 0
      app.seen.jwt.length = 0
    }

    /** The one sign-in recorded since {@link forgetSignIns}: `events.signIn` once, and `jwt` once on JWT sessions. */
    function expectOneSignIn(provider: string): void {
      expect(app.seen.signIn.map((s) => s.account?.provider)).toEqual([provider])
      if (app.backend.strategy === 'jwt') expect(app.seen.jwt.map((j) => j.trigger)).toEqual(['signIn'])
    }

    it.skipIf(skip || unavailable)(
      'the Password provider: held, then a code; a backup code elsewhere; a remembered browser until a password change',
      async () => {
        // The change-password form asks 15 characters of a password-only account, 8 once two-factor is on.
        const first = await newPage()
        await passwordSignIn(first, PAT, PASSWORD)
        expect(await sessionEmail(first.context())).toBe(PAT)
        const minLength = async () => {
          await first.goto('/auth/change-password')
          return first.getByLabel('New password').getAttribute('minlength')
        }
        expect(await minLength()).toBe('15')
        const { secret, backupCodes } = await enrolInBrowser(first)
        expect(await minLength()).toBe('8')
        await signOut(first)
        forgetSignIns()

        const page = await newPage()
        await passwordSignIn(page, PAT, PASSWORD)
        await expectHeld(page, app.seen)
        await answerChallenge(page, totpCode(secret, stepAt() + 1), true)
        expect(new URL(page.url()).pathname).toBe('/auth/session')
        expect(await sessionEmail(page.context())).toBe(PAT)
        expectOneSignIn('password')

        // A backup code in another browser.
        forgetSignIns()
        const other = await newPage()
        await passwordSignIn(other, PAT, PASSWORD)
        await expectHeld(other, app.seen)
        await answerChallenge(other, backupCodes[0]!)
        expect(await sessionEmail(other.context())).toBe(PAT)
        expectOneSignIn('password')

        // The remembered browser signs in with the password alone...
        await signOut(page)
        expect(await hasSession(page.context())).toBe(false)
        await passwordSignIn(page, PAT, PASSWORD)
        expect(new URL(page.url()).pathname).toBe('/auth/session')
        expect(await sessionEmail(page.context())).toBe(PAT)

        // ...until the password is changed (from another browser, as after a lost laptop): now 8 characters will do.
        await other.goto('/auth/change-password')
        await other.getByLabel('Current password').fill(PASSWORD)
        await other.getByLabel('New password').fill(SHORT_PASSWORD)
        await other.getByRole('button', { name: 'Change password' }).click()
        await other.waitForURL((url) => url.searchParams.get('changed') === '1')
        await page.context().clearCookies({ name: 'authjs.session-token' })
        forgetSignIns()
        await passwordSignIn(page, PAT, SHORT_PASSWORD)
        await expectHeld(page, app.seen)
        // The code of this step is spent; a second backup code answers (the first one is spent too).
        await answerChallenge(page, backupCodes[0]!)
        expect(new URL(page.url()).searchParams.get('error')).toBe('invalid')
        await answerChallenge(page, backupCodes[1]!)
        expect(await sessionEmail(page.context())).toBe(PAT)
      },
      60_000,
    )

    it.skipIf(skip || unavailable)(
      "an e-mail link: held, then a code; next time the passkey button answers it, and another user's passkey cannot",
      async () => {
        const first = await newPage()
        const authenticator = await addAuthenticator(first)
        // Presence is simulated only while a ceremony is meant to finish: otherwise the sign-in page's passkey
        // autofill (a conditional request) would sign in with the passkey before the e-mail link is asked for.
        const presence = (enabled: boolean) =>
          authenticator.cdp.send('WebAuthn.setAutomaticPresenceSimulation', {
            authenticatorId: authenticator.id,
            enabled,
          })
        await presence(false)
        await emailLinkSignIn(first, app.mailbox, ERIN)
        expect(await sessionEmail(first.context())).toBe(ERIN)
        // A passkey for this account, created while signed in, before two-factor is turned on.
        await first.goto(`/auth/signin?callbackUrl=${encodeURIComponent('/auth/session')}`)
        await presence(true)
        await first.getByRole('button', { name: 'Create a passkey' }).click()
        await first.waitForURL((url) => url.pathname === '/auth/session')
        await presence(false)
        const { credentials } = await authenticator.cdp.send('WebAuthn.getCredentials', {
          authenticatorId: authenticator.id,
        })
        expect(credentials).toHaveLength(1)
        const { secret } = await enrolInBrowser(first)
        await signOut(first)

        forgetSignIns()
        const page = await newPage()
        await emailLinkSignIn(page, app.mailbox, ERIN)
        await expectHeld(page, app.seen)
        await answerChallenge(page, totpCode(secret, stepAt() + 1))
        expect(await sessionEmail(page.context())).toBe(ERIN)
        expectOneSignIn('email')

        // The browser with the passkey: the link stops at the challenge, the button finishes it.
        forgetSignIns()
        await emailLinkSignIn(first, app.mailbox, ERIN)
        await expectHeld(first, app.seen)
        const passkeyButton = first.getByRole('button', { name: 'Use a passkey' })
        await passkeyButton.waitFor({ state: 'visible' })
        await presence(true)
        await passkeyButton.click()
        await first.waitForURL((url) => url.pathname === '/auth/session')
        expect(await sessionEmail(first.context())).toBe(ERIN)
        expectOneSignIn('email')

        // A browser holding only another user's passkey (Eve's): offered at Erin's challenge, it cannot answer.
        const eve = await newPage()
        const eves = await addAuthenticator(eve)
        await eve.goto(`/auth/signin?callbackUrl=${encodeURIComponent('/auth/session')}`)
        await eve.getByLabel('Email for a new passkey').fill('eve@example.test')
        await eve.getByRole('button', { name: 'Create a passkey' }).click()
        await eve.waitForURL((url) => url.pathname === '/auth/session')
        await signOut(eve)
        await eves.cdp.send('WebAuthn.setAutomaticPresenceSimulation', {
          authenticatorId: eves.id,
          enabled: false,
        })
        forgetSignIns()
        await emailLinkSignIn(eve, app.mailbox, ERIN)
        await expectHeld(eve, app.seen)
        await eves.cdp.send('WebAuthn.setAutomaticPresenceSimulation', {
          authenticatorId: eves.id,
          enabled: true,
        })
        await eve.getByRole('button', { name: 'Use a passkey' }).click()
        const status = eve.locator('[data-webauthn-status]')
        await status.waitFor({ state: 'visible' })
        expect(await status.textContent()).toMatch(/passkey/i)
        expect(new URL(eve.url()).pathname).toBe('/auth/two-factor')
        expect(await hasSession(eve.context())).toBe(false)
        expect(app.seen.signIn).toEqual([])
      },
      60_000,
    )

    it.skipIf(skip || unavailable)(
      'the real OpenID provider: held, then a code; no passkey button for a user without one',
      async () => {
        const first = await newPage()
        await openIdSignIn(first)
        const email = await sessionEmail(first.context())
        expect(email?.toLowerCase()).toBe('alice@example.com')
        const { secret } = await enrolInBrowser(first)
        await signOut(first)

        forgetSignIns()
        const page = await newPage()
        await openIdSignIn(page)
        await expectHeld(page, app.seen)
        // A passkey provider is configured, but this user has no passkey: nothing to offer.
        expect(await page.getByRole('button', { name: 'Use a passkey' }).count()).toBe(0)
        expect(await page.locator('script[src]').count()).toBe(0)
        await answerChallenge(page, totpCode(secret, stepAt() + 1))
        expect(await sessionEmail(page.context())).toBe(email)
        expectOneSignIn('op')
      },
      60_000,
    )
  },
)
