/**
 * The second factor after every first factor, with the real `twoFactor` gate: an OpenID Connect sign-in against the
 * real `oidc-provider`, an e-mail link on real SQLite, and a passkey (skipped with user verification unless
 * `passkeySkips: false`). Each user enrols once through the setup page; the next sign-in is held (no session, no
 * `jwt` callback, no `events.signIn`) until a code computed with the test's own RFC 6238 implementation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import { resolveConfig } from '../../src/config/resolve-config.js'
import { quietLogger } from '../database/session-flow-scenarios.js'
import { emailConfig, sqliteEmailBackend } from '../email/flow-harness.js'
import { signIn } from '../oauth/support/browser-flow.js'
import { startOp, type RunningOp } from '../oauth/support/start-op.js'
import { csrfToken, form, jarFetch, CookieJar } from '../support/cookie-jar.js'
import { stepAt, totpCode } from '../support/rfc6238.js'
import { inProcess, recording, seenRecord, serveResolved, type Seen } from '../sign-in-gates/gate-harness.js'
import Credentials from '../../src/providers/credentials.js'
import {
  Passkey,
  softwareAuthenticator,
  webauthnHarness,
  type OptionsBody,
} from '../webauthn/webauthn-harness.js'
import { PENDING, SESSION, setNames } from './two-factor-harness.js'

const SECRET = 'a-two-factor-first-factor-secret-of-32-chars'
const SAME_ORIGIN = { origin: 'http://app.test' }

/** Reads the secret from the setup page and confirms it with its first code (fetch-like `call`, `post`). */
async function enrolWith(
  get: (path: string) => Promise<Response>,
  post: (path: string, fields: Record<string, string>) => Promise<Response>,
): Promise<string> {
  const html = await (await get('/auth/two-factor/setup')).text()
  const secret = /id="two-factor-secret">([A-Z2-7]+)</.exec(html)?.[1]
  if (!secret) throw new Error(`no secret on the setup page: ${html.slice(0, 200)}`)
  const done = await post('/auth/two-factor/setup', { code: totpCode(secret, stepAt()) })
  expect(await done.text()).toContain('id="backup-codes"')
  return secret
}

function expectHeld(res: Response, seen: Seen, origin: string): void {
  expect(res.headers.get('location')).toBe(`${origin}/auth/two-factor`)
  expect(setNames(res)).toContain(PENDING)
  expect(setNames(res)).not.toContain(SESSION)
  expect(seen.jwt).toEqual([])
  expect(seen.signIn).toEqual([])
}

describe('after an OpenID Connect sign-in (real oidc-provider)', () => {
  let op: RunningOp
  let app: Awaited<ReturnType<typeof serveResolved>>
  const seen = seenRecord()
  beforeAll(async () => {
    op = await startOp(() => [
      {
        client_id: 'rp',
        client_secret: 'rp-secret',
        redirect_uris: [`${app.origin}/auth/callback/op`],
        grant_types: ['authorization_code'],
      },
    ])
    app = await serveResolved(() =>
      resolveConfig(
        recording(seen, {
          secret: SECRET,
          trustHost: true,
          logger: quietLogger(),
          adapter: MemoryAdapter(),
          session: { strategy: 'jwt' },
          twoFactor: { issuer: 'OIDC test' },
          providers: [
            {
              id: 'op',
              name: 'OP',
              type: 'oidc',
              issuer: op.issuer,
              clientId: 'rp',
              clientSecret: 'rp-secret',
              checks: ['pkce', 'state', 'nonce'],
            },
          ],
        }),
        {},
      ),
    )
  })
  afterAll(async () => {
    await app?.close()
    await op?.close()
  })

  it('holds the second sign-in of an enrolled user until the code', async () => {
    const first = await signIn(app.origin, 'op')
    expect(setNames(first.callback)).toContain(SESSION)
    const { jar } = first
    const secret = await enrolWith(
      (path) => jarFetch(jar, `${app.origin}${path}`),
      async (path, fields) =>
        jarFetch(
          jar,
          `${app.origin}${path}`,
          form({ csrfToken: await csrfToken(jar, app.origin), ...fields }),
        ),
    )
    seen.jwt.length = 0
    seen.signIn.length = 0

    const again = await signIn(app.origin, 'op')
    expectHeld(again.callback, seen, app.origin)
    const token = await csrfToken(again.jar, app.origin)
    // The enrolment spent the current step; the next one is within the accepted drift.
    const done = await jarFetch(
      again.jar,
      `${app.origin}/auth/callback/two-factor`,
      form({ csrfToken: token, code: totpCode(secret, stepAt() + 1) }),
    )
    expect(setNames(done)).toContain(SESSION)
    expect(seen.jwt.map((j) => j.trigger)).toEqual(['signIn'])
    expect(seen.jwt[0]!.account).toMatchObject({ provider: 'op', type: 'oidc' })
    expect(seen.signIn).toHaveLength(1)
  })
})

describe('after an e-mail link (SQLite, database sessions)', () => {
  let backend: Awaited<ReturnType<typeof sqliteEmailBackend.setup>>
  beforeAll(async () => {
    backend = await sqliteEmailBackend.setup()
  })
  afterAll(async () => {
    await backend?.teardown()
  })

  it('holds the confirmed link of an enrolled user until the code', async () => {
    const seen = seenRecord()
    const { config, mails } = emailConfig(backend.adapter, { config: { twoFactor: { issuer: 'Mail test' } } })
    const browser = inProcess(resolveConfig(recording(seen, config), {}), 'http://app.test')
    const decode = (s: string) =>
      s.replaceAll('&amp;', '&').replaceAll('&#39;', "'").replaceAll('&quot;', '"')
    async function linkSignIn(jar: CookieJar): Promise<Response> {
      await browser.post(
        jar,
        '/auth/signin/email',
        { csrfToken: await browser.csrf(jar), email: 'erin@example.test' },
        SAME_ORIGIN,
      )
      const page = await (await browser.call(jar, mails.at(-1)!.url)).text()
      const field = (name: string) =>
        decode(new RegExp(`name="${name}" value="([^"]*)"`).exec(page)?.[1] ?? '')
      return browser.post(
        jar,
        '/auth/callback/email',
        { csrfToken: field('csrfToken'), token: field('token'), email: field('email') },
        SAME_ORIGIN,
      )
    }
    const jar = new CookieJar()
    expect(setNames(await linkSignIn(jar))).toContain(SESSION)
    const secret = await enrolWith(
      (path) => browser.call(jar, path),
      async (path, fields) => browser.post(jar, path, { csrfToken: await browser.csrf(jar), ...fields }),
    )
    seen.jwt.length = 0
    seen.signIn.length = 0
    const later = new CookieJar()
    expectHeld(await linkSignIn(later), seen, 'http://app.test')
    expect(await browser.session(later)).toBeNull()
    const done = await browser.post(later, '/auth/callback/two-factor', {
      csrfToken: await browser.csrf(later),
      code: totpCode(secret, stepAt() + 1),
    })
    expect(setNames(done)).toContain(SESSION)
    expect(seen.signIn).toHaveLength(1)
    expect((await browser.session(later))?.user?.email).toBe('erin@example.test')
  })
})

describe('after a passkey', () => {
  it.each([
    [true, 'skips the step after a passkey with user verification'],
    [false, 'asks for the code after a passkey too with passkeySkips: false'],
  ])('passkeySkips %s: %s', async (passkeySkips) => {
    const seen = seenRecord()
    const adapter = MemoryAdapter()
    const { config, provider } = webauthnHarness({
      adapter,
      config: { twoFactor: { issuer: 'Passkey test', passkeySkips } },
    })
    const browser = inProcess(resolveConfig(recording(seen, config), {}), 'http://app.test')
    const authenticator = softwareAuthenticator()
    async function ceremony(jar: CookieJar, query: Record<string, string>) {
      const options = (await (
        await browser.call(jar, `/auth/webauthn-options/${provider.id}?${new URLSearchParams(query)}`)
      ).json()) as OptionsBody
      const data =
        options.action === 'register'
          ? authenticator.register(options.options)
          : authenticator.authenticate(options.options)
      return browser.post(jar, `/auth/callback/${provider.id}`, {
        action: options.action!,
        data: JSON.stringify(data),
      })
    }
    const jar = new CookieJar()
    expect(setNames(await ceremony(jar, { action: 'register', email: 'dana@example.test' }))).toContain(
      SESSION,
    )
    await enrolWith(
      (path) => browser.call(jar, path),
      async (path, fields) => browser.post(jar, path, { csrfToken: await browser.csrf(jar), ...fields }),
    )
    seen.jwt.length = 0
    seen.signIn.length = 0
    const later = new CookieJar()
    const res = await ceremony(later, { action: 'authenticate' })
    if (passkeySkips) expect(setNames(res)).toContain(SESSION)
    else expectHeld(res, seen, 'http://app.test')
  })
})

describe('a passkey as the second factor', () => {
  it("answers the challenge of a password sign-in with the user's own passkey, once", async () => {
    const seen = seenRecord()
    const adapter = MemoryAdapter()
    const passkey = Passkey()
    const { config } = webauthnHarness({
      adapter,
      provider: passkey,
      config: {
        twoFactor: { issuer: 'Passkey test' },
        providers: [
          passkey,
          Credentials({
            id: 'pw',
            credentials: { email: {}, password: {} },
            authorize: async ({ email, password }) =>
              password === 'secret' ? await adapter.getUserByEmail(String(email)) : null,
          }),
        ],
      },
    })
    const browser = inProcess(resolveConfig(recording(seen, config), {}), 'http://app.test')
    const dana = softwareAuthenticator()
    const eve = softwareAuthenticator()
    async function register(authenticator: typeof dana, email: string) {
      const jar = new CookieJar()
      const options = (await (
        await browser.call(jar, `/auth/webauthn-options/${passkey.id}?action=register&email=${email}`)
      ).json()) as OptionsBody
      await browser.post(jar, `/auth/callback/${passkey.id}`, {
        action: 'register',
        data: JSON.stringify(authenticator.register(options.options)),
      })
      return jar
    }
    const danaJar = await register(dana, 'dana@example.test')
    await register(eve, 'eve@example.test')
    await enrolWith(
      (path) => browser.call(danaJar, path),
      async (path, fields) =>
        browser.post(danaJar, path, { csrfToken: await browser.csrf(danaJar), ...fields }),
    )
    seen.signIn.length = 0

    const jar = new CookieJar()
    const held = await browser.post(jar, '/auth/callback/pw', {
      csrfToken: await browser.csrf(jar),
      email: 'dana@example.test',
      password: 'secret',
    })
    expectHeld(held, { ...seen, jwt: [] }, 'http://app.test')
    async function answerWith(authenticator: typeof dana) {
      const { options } = (await (
        await browser.call(jar, '/auth/two-factor/passkey-options')
      ).json()) as OptionsBody
      // Any credential the authenticator holds for this site, as a browser offering another user's passkey would.
      const response = JSON.stringify(authenticator.authenticate({ ...options, allowCredentials: [] }))
      const res = await browser.post(jar, '/auth/callback/two-factor', {
        csrfToken: await browser.csrf(jar),
        passkey: response,
      })
      return { res, response }
    }
    // Eve's passkey, correctly signed, is not Dana's second factor.
    const other = await answerWith(eve)
    expect(other.res.headers.get('location')).toBe('http://app.test/auth/two-factor?error=passkey')
    const own = await answerWith(dana)
    expect(setNames(own.res)).toContain(SESSION)
    expect(seen.signIn).toHaveLength(1)
    // The same response again: its challenge is spent (and the held sign-in too).
    const again = await browser.post(jar, '/auth/callback/two-factor', {
      csrfToken: await browser.csrf(jar),
      passkey: own.response,
    })
    expect(setNames(again)).not.toContain(SESSION)
    expect(seen.signIn).toHaveLength(1)
  })
})
