/**
 * The app of the two-factor browser tests: Gatehouse with `twoFactor` over SQLite (JWT sessions) or PostgreSQL
 * (database sessions), every first factor a person may use before the challenge (the `Password` provider, an e-mail
 * link sent over real SMTP to the local mailbox, the real `oidc-provider` on loopback, a passkey), and what a person
 * does in Chromium: enrol from the setup page (the secret read off the page, codes from the test's own RFC 6238
 * implementation), answer the challenge, tell whether the browser holds a session.
 *
 * The browser opens it as `http://localhost:<port>`: a secure context whose host may be a WebAuthn relying party id.
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core'
import { afterAll, beforeAll, expect } from 'vitest'
import type { Adapter } from '../../src/adapters/adapter.js'
import * as postgresAdapter from '../../src/adapters/postgres.js'
import * as sqliteAdapter from '../../src/adapters/sqlite.js'
import Email from '../../src/providers/email.js'
import Passkey from '../../src/providers/passkey.js'
import Password from '../../src/passwords/password.js'
import { startLocalMailbox, type LocalMailbox } from '../../src/testing/local-mailbox.js'
import { quietLogger } from '../database/session-flow-scenarios.js'
import { startOp, type RunningOp } from '../oauth/support/start-op.js'
import { FAST_HASHING, seedPasswordUser } from '../passwords/password-harness.js'
import { recording, seenRecord, type Seen } from '../sign-in-gates/gate-harness.js'
import { stepAt, totpCode } from '../support/rfc6238.js'
import { serveAuth } from '../support/serve-auth.js'
import { launchChromium } from '../support/chromium.js'
import { databaseAvailable, freshPostgres, freshSqlite } from '../support/test-databases.js'

export const SESSION = 'authjs.session-token'
export const PASSWORD = 'correct horse battery staple'

/** A database and the session strategy the tests use on it. */
export interface Backend {
  adapter: Required<Adapter>
  strategy: 'jwt' | 'database'
  close(): Promise<void> | void
}

export async function sqliteBackend(): Promise<Backend> {
  const database = freshSqlite()
  await sqliteAdapter.migrate(database)
  return {
    adapter: sqliteAdapter.SQLiteAdapter(database),
    strategy: 'jwt',
    close: () => void database.close(),
  }
}

export async function postgresBackend(): Promise<Backend> {
  const { pool, drop } = await freshPostgres()
  await postgresAdapter.migrate(pool)
  return {
    adapter: postgresAdapter.PostgresAdapter(pool),
    strategy: 'database',
    close: drop,
  }
}

/**
 * The backends the two-factor browser suites run on: SQLite with JWT sessions and PostgreSQL with database sessions
 * (its cases skipped, loudly, only off CI when PostgreSQL is down: in CI `databaseAvailable` throws).
 */
export async function twoFactorBackends(skip: boolean) {
  const postgresUp = skip ? false : await databaseAvailable('postgres')
  return [
    ['SQLite, JWT sessions', sqliteBackend, false],
    ['PostgreSQL, database sessions', postgresBackend, !postgresUp],
  ] as const
}

/** One Chromium for a test file, launched before its tests unless they are skipped and closed after them. */
export function sharedChromium(skip: boolean): () => Browser {
  let browser: Browser | undefined
  beforeAll(async () => {
    if (!skip) browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
  })
  return () => browser!
}

export interface TwoFactorBrowserApp {
  /** `http://localhost:<port>` */
  origin: string
  backend: Backend
  mailbox: LocalMailbox
  op: RunningOp
  /** The `jwt` callback's sign-ins and `events.signIn`, recorded. */
  seen: Seen
  close(): Promise<void>
}

/** Starts the mailbox, the OpenID provider and Gatehouse on `backend`; `passwordUser` gets a password. */
export async function startTwoFactorBrowserApp(
  backend: Backend,
  passwordUser: string,
): Promise<TwoFactorBrowserApp> {
  const [mailbox, seen] = [await startLocalMailbox(), seenRecord()]
  let origin = ''
  const op = await startOp(() => [
    {
      client_id: 'rp',
      client_secret: 'rp-secret',
      redirect_uris: [`${origin}/auth/callback/op`],
      grant_types: ['authorization_code'],
    },
  ])
  await seedPasswordUser(backend.adapter, passwordUser)
  const sender = { server: mailbox.url, from: 'Gatehouse test <no-reply@example.test>' }
  const served = await serveAuth((listening) => {
    origin = listening.replace('127.0.0.1', 'localhost')
    return recording(seen, {
      secret: 'a-two-factor-browser-test-secret-of-32-chars',
      trustHost: true,
      logger: quietLogger(),
      adapter: backend.adapter,
      session: { strategy: backend.strategy },
      twoFactor: { issuer: 'Gatehouse browser test' },
      providers: [
        Password({ sender: Email(sender), hashing: FAST_HASHING, breachedPasswordCheck: false }),
        Email(sender),
        { id: 'op', name: 'OP', type: 'oidc', issuer: op.issuer, clientId: 'rp', clientSecret: 'rp-secret' },
        Passkey(),
      ],
    })
  })
  return {
    origin,
    backend,
    mailbox,
    op,
    seen,
    close: async () => {
      await served.close()
      await op.close()
      await mailbox.close()
      await backend.close()
    },
  }
}

/** Whether `context` holds a session cookie. */
export async function hasSession(context: BrowserContext): Promise<boolean> {
  return (await context.cookies()).some((cookie) => cookie.name === SESSION)
}

/** The e-mail of the session `context` holds, by GET /session. */
export async function sessionEmail(context: BrowserContext): Promise<string | null> {
  const session = (await (await context.request.get('/auth/session')).json()) as {
    user?: { email?: string }
  } | null
  return session?.user?.email ?? null
}

/** Signs out with the sign-out page's button. */
export async function signOut(page: Page): Promise<void> {
  await page.goto('/auth/signout')
  await page.getByRole('button', { name: /sign out/i }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/signout'))
}

/**
 * Enrols the signed-in user of `page` as a person does: the secret read off the setup page, its first code typed.
 * Returns the secret and the ten backup codes the page shows once; the current step is spent.
 */
export async function enrolInBrowser(page: Page): Promise<{ secret: string; backupCodes: string[] }> {
  await page.goto('/auth/two-factor/setup')
  expect(await page.locator('.qr svg').count()).toBe(1)
  const secret = (await page.locator('#two-factor-secret').textContent())!.trim()
  expect(await page.locator('#two-factor-uri').textContent()).toContain(`secret=${secret}`)
  await page.getByLabel('Code from your app').fill(totpCode(secret, stepAt()))
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
  const backupCodes = await page.locator('#backup-codes li').allTextContents()
  expect(backupCodes).toHaveLength(10)
  return { secret, backupCodes }
}

/** Expects `page` at the challenge with no session in its browser and no sign-in recorded yet. */
export async function expectHeld(page: Page, seen: Seen): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/auth/two-factor')
  expect(await hasSession(page.context())).toBe(false)
  expect(await sessionEmail(page.context())).toBeNull()
  expect(seen.signIn).toEqual([])
  expect(seen.jwt).toEqual([])
}

/** Types `code` at the challenge (optionally remembering the browser) and waits to leave it. */
export async function answerChallenge(page: Page, code: string, remember = false): Promise<void> {
  await page.getByLabel('Code from your authenticator app').fill(code)
  if (remember) await page.getByLabel(/Remember this browser/).check()
  await page.getByRole('button', { name: 'Verify' }).click()
  // Away from the challenge, or back at it with `?error=` (a refused code).
  await page.waitForURL((url) => url.pathname !== '/auth/two-factor' || url.search !== '')
}

/** The sign-in page's password form: the address and the password typed, "Sign in" pressed. */
export async function passwordSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`/auth/signin?callbackUrl=${encodeURIComponent('/auth/session')}`)
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.waitForLoadState()
}

/** An e-mail link: asked for on the sign-in page, read from the real SMTP server, opened and confirmed. */
export async function emailLinkSignIn(page: Page, mailbox: LocalMailbox, email: string): Promise<void> {
  await page.goto(`/auth/signin?callbackUrl=${encodeURIComponent('/auth/session')}`)
  await page.getByLabel('Email address').fill(email)
  await page.getByRole('button', { name: 'Email me a link' }).click()
  await page.waitForURL((url) => url.pathname === '/auth/verify-request')
  const mail = await mailbox.next()
  expect(mail.envelope.to).toEqual([email])
  const link = /http:\/\/\S+\/auth\/callback\/email\?\S+/.exec(mail.text)?.[0]
  expect(link, mail.text).toBeDefined()
  await page.goto(link!)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => url.pathname !== '/auth/callback/email')
}

/** "Sign in with OP" on the sign-in page; the real OpenID provider logs its current account in without a page. */
export async function openIdSignIn(page: Page): Promise<void> {
  await page.goto(`/auth/signin?callbackUrl=${encodeURIComponent('/auth/session')}`)
  await page.getByRole('button', { name: 'Sign in with OP' }).click()
  // Back from the provider: at the challenge, or signed in (the callbackUrl).
  await page.waitForURL((url) => url.pathname === '/auth/two-factor' || url.pathname === '/auth/session')
}

/** A virtual platform authenticator on `page`'s tab (DevTools WebAuthn): it answers with presence and UV. */
export async function addAuthenticator(page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return { cdp, id: authenticatorId }
}
