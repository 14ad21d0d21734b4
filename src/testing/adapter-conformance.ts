import assert from 'node:assert/strict'
import type {
  Adapter,
  AdapterAccount,
  AdapterAuthenticator,
  AdapterSession,
  AdapterUser,
  VerificationToken,
} from '../adapters/adapter.js'

/** What the suite needs of a test runner; Vitest, Jest and `node:test` all fit. */
export interface TestRunner {
  describe: (name: string, fn: () => void) => unknown
  it: (name: string, fn: () => Promise<void>) => unknown
  beforeAll: (fn: () => Promise<void> | void) => unknown
  afterAll: (fn: () => Promise<void> | void) => unknown
  /**
   * Registers a test that is reported as skipped, with the reason, never as passed. Vitest:
   * `(name, reason) => it(name, (ctx) => ctx.skip(reason))`; `node:test`: `(name, reason) => it(name, { skip:
   * reason })`; Jest: `(name, reason) => it.skip(`${name} (${reason})`, () => {})`.
   */
  skip: (name: string, reason: string) => unknown
}

/**
 * The optional parts of the adapter contract, each tested only when declared. The core (users, accounts, sessions,
 * verification tokens, user deletion) is always tested.
 */
export type AdapterCapability =
  | 'getAccount'
  | 'updateAccount'
  | 'createUserWithAccount'
  | 'listSessions'
  | 'authenticators'
  | 'passkeyManagement'

/** The adapter methods each capability stands for. */
export const capabilityMethods: Readonly<Record<AdapterCapability, ReadonlyArray<keyof Adapter>>> =
  Object.freeze({
    getAccount: ['getAccount'],
    updateAccount: ['updateAccount'],
    createUserWithAccount: ['createUserWithAccount'],
    listSessions: ['listSessions', 'deleteSessions'],
    authenticators: [
      'createAuthenticator',
      'getAuthenticator',
      'listAuthenticatorsByUserId',
      'updateAuthenticatorCounter',
    ],
    passkeyManagement: ['listAccounts', 'updateAuthenticator', 'deleteAuthenticator'],
  })

type Awaitable<T> = T | PromiseLike<T>

/**
 * Raw reads of the adapter's storage, written by the adapter's author with queries of their own, so that the
 * suite checks what was stored and not only what the adapter says it stored. Each returns `null` when absent.
 */
export interface ConformanceDb {
  /** Runs before the suite (e.g. create a fresh schema and migrate). */
  connect?: () => Awaitable<void>
  /** Runs after the suite (e.g. drop the schema, end the pool). */
  disconnect?: () => Awaitable<void>
  user: (id: string) => Awaitable<AdapterUser | null>
  account: (ref: { provider: string; providerAccountId: string }) => Awaitable<AdapterAccount | null>
  session: (sessionToken: string) => Awaitable<AdapterSession | null>
  verificationToken: (ref: { identifier: string; token: string }) => Awaitable<VerificationToken | null>
  /** Required when the adapter declares the `authenticators` capability. */
  authenticator?: (credentialID: string) => Awaitable<AdapterAuthenticator | null>
}

/** Options of {@link adapterConformance}. */
export interface ConformanceOptions {
  /** Shown in the test names. */
  name: string
  /** Called once, after `db.connect`. */
  adapter: () => Adapter
  db: ConformanceDb
  runner: TestRunner
  /**
   * The optional capabilities the adapter claims. A declared capability whose methods are missing fails; one not
   * declared is reported as skipped with the reason, so a run never counts a case it did not make.
   */
  capabilities: readonly AdapterCapability[]
}

const inAnHour = () => new Date(Math.floor(Date.now() / 1000) * 1000 + 3_600_000)

/**
 * The adapter conformance suite, split by capability (users, accounts, sessions, verification tokens,
 * authenticators, Gatehouse extensions). Optional capabilities run when declared in `capabilities` (and fail when
 * their methods are missing); the others are reported as skipped with the reason.
 *
 * @example
 * ```ts
 * import { describe, it, beforeAll, afterAll } from 'vitest'
 * adapterConformance({ name: 'mine', adapter: () => MyAdapter(pool), db: rawReads, runner: { describe, it, beforeAll, afterAll } })
 * ```
 */
export function adapterConformance({
  name,
  adapter: make,
  db,
  runner,
  capabilities,
}: ConformanceOptions): void {
  const { describe, it, beforeAll, afterAll } = runner
  const declared = new Set(capabilities)
  // Fixed ids would collide when a suite re-runs on a kept database; a run suffix keeps every run fresh.
  const run = crypto.randomUUID().slice(0, 8)
  let adapter: Adapter = {}
  const a = () => adapter as Required<Adapter>

  /** A test of an optional capability: run (and required to pass) when declared, reported skipped otherwise. */
  const capable = (capability: AdapterCapability, title: string, fn: () => Promise<void>) => {
    if (!declared.has(capability)) {
      runner.skip(title, `capability "${capability}" not declared by the adapter`)
      return
    }
    it(title, async () => {
      const missing = capabilityMethods[capability].filter((m) => typeof adapter[m] !== 'function')
      assert.deepEqual(
        missing,
        [],
        `capability "${capability}" is declared, but the adapter lacks ${missing.join(', ')}`,
      )
      await fn()
    })
  }

  describe(`adapter conformance: ${name}`, () => {
    beforeAll(async () => {
      await db.connect?.()
      adapter = make()
    })
    afterAll(async () => {
      await db.disconnect?.()
    })

    const newUser = (tag: string): AdapterUser => ({
      id: crypto.randomUUID(),
      name: `User ${tag}`,
      email: `${tag}-${run}@example.com`,
      emailVerified: null,
      image: `https://example.com/${tag}.png`,
    })

    describe('users', () => {
      it('creates a user, with a string id, and stores what it returns', async () => {
        const user = await a().createUser(newUser('create'))
        assert.equal(typeof user.id, 'string')
        assert.deepEqual(await db.user(user.id), user)
        assert.deepEqual(await a().getUser(user.id), user)
        assert.deepEqual(await a().getUserByEmail(user.email), user)
      })
      it('answers null for unknown ids and e-mails', async () => {
        assert.equal(await a().getUser(crypto.randomUUID()), null)
        assert.equal(await a().getUserByEmail(`nobody-${run}@example.com`), null)
      })
      it('keeps emailVerified a Date, and updates only the given fields', async () => {
        const user = await a().createUser(newUser('update'))
        const verified = new Date(Math.floor(Date.now() / 1000) * 1000)
        const updated = await a().updateUser({ id: user.id, emailVerified: verified, name: 'Renamed' })
        assert.ok(updated.emailVerified instanceof Date)
        assert.equal(updated.emailVerified.getTime(), verified.getTime())
        assert.equal(updated.email, user.email)
        const stored = await db.user(user.id)
        assert.equal(stored?.name, 'Renamed')
        assert.equal(stored?.emailVerified?.getTime(), verified.getTime())
      })
      it('refuses a second user with the same e-mail', async () => {
        const user = await a().createUser(newUser('unique'))
        await assert.rejects(async () => a().createUser({ ...newUser('other'), email: user.email }))
      })
    })

    describe('accounts', () => {
      const account = (userId: string, tag: string): AdapterAccount => ({
        userId,
        type: 'oidc',
        provider: 'gatehouse-idp',
        providerAccountId: `${tag}-${run}`,
        access_token: 'access-1',
        refresh_token: 'refresh-1',
        token_type: 'bearer',
        scope: 'openid email',
        expires_at: Math.floor(Date.now() / 1000) + 3600,
        id_token: 'header.payload.signature',
      })
      it('links an account and finds its user by it', async () => {
        const user = await a().createUser(newUser('link'))
        const linked = account(user.id, 'link')
        await a().linkAccount(linked)
        assert.deepEqual(await db.account(linked), linked)
        assert.deepEqual(await a().getUserByAccount(linked), user)
      })
      capable('getAccount', 'reads a linked account by provider and account id', async () => {
        const user = await a().createUser(newUser('get-account'))
        const linked = account(user.id, 'get-account')
        await a().linkAccount(linked)
        assert.deepEqual(await a().getAccount(linked.providerAccountId, linked.provider), linked)
        assert.equal(await a().getAccount(`unknown-${run}`, linked.provider), null)
      })
      it('refuses to link one provider account twice', async () => {
        const user = await a().createUser(newUser('twice'))
        await a().linkAccount(account(user.id, 'twice'))
        await assert.rejects(async () => a().linkAccount(account(user.id, 'twice')))
      })
      it('unlinks an account', async () => {
        const user = await a().createUser(newUser('unlink'))
        const linked = account(user.id, 'unlink')
        await a().linkAccount(linked)
        await a().unlinkAccount(linked)
        assert.equal(await db.account(linked), null)
        assert.equal(await a().getUserByAccount(linked), null)
      })
    })

    describe('sessions', () => {
      it('creates, reads, slides and deletes a session; dates stay Dates', async () => {
        const user = await a().createUser(newUser('session'))
        const session = { sessionToken: `token-${crypto.randomUUID()}`, userId: user.id, expires: inAnHour() }
        assert.deepEqual(await a().createSession(session), session)
        assert.deepEqual(await db.session(session.sessionToken), session)
        assert.deepEqual(await a().getSessionAndUser(session.sessionToken), { session, user })
        const later = new Date(session.expires.getTime() + 86_400_000)
        await a().updateSession({ sessionToken: session.sessionToken, expires: later })
        assert.equal((await db.session(session.sessionToken))?.expires.getTime(), later.getTime())
        await a().deleteSession(session.sessionToken)
        assert.equal(await db.session(session.sessionToken), null)
        assert.equal(await a().getSessionAndUser(session.sessionToken), null)
      })
      it("reads a verified user's session with both dates as Dates", async () => {
        const verified = new Date(Date.UTC(2024, 1, 29, 23, 59, 59, 987))
        const user = await a().createUser({ ...newUser('verified-session'), emailVerified: verified })
        const session = { sessionToken: `token-${crypto.randomUUID()}`, userId: user.id, expires: inAnHour() }
        await a().createSession(session)
        const found = await a().getSessionAndUser(session.sessionToken)
        assert.deepEqual(found, { session, user })
        assert.ok(found?.user.emailVerified instanceof Date && found.session.expires instanceof Date)
        assert.equal(found.user.emailVerified.getTime(), verified.getTime())
      })
    })

    describe('exact matching (a leaked hash or id must not match loosely)', () => {
      // A database collation that ignores case, accents or trailing spaces (MySQL's default) lets a stored session
      // hash with a space appended, or a provider account id in another case, find someone else's row.
      it('finds sessions, accounts and verification tokens only byte for byte', async () => {
        const user = await a().createUser(newUser('exact'))
        // Shaped like a stored SHA-256 hex digest, with at least one letter to accent.
        const hash = crypto.randomUUID().replaceAll('-', '').padEnd(64, 'a')
        await a().createSession({ sessionToken: hash, userId: user.id, expires: inAnHour() })
        for (const variant of [`${hash} `, hash.toUpperCase(), `${hash}\t`, hash.replace('a', 'á')])
          assert.equal(await a().getSessionAndUser(variant), null, JSON.stringify(variant))
        const ref = { provider: 'gatehouse-idp', providerAccountId: `Exact-${run}` }
        await a().linkAccount({ ...ref, userId: user.id, type: 'oidc' })
        for (const providerAccountId of [ref.providerAccountId.toLowerCase(), `${ref.providerAccountId} `])
          assert.equal(await a().getUserByAccount({ ...ref, providerAccountId }), null, providerAccountId)
        assert.equal(await a().getUserByAccount({ ...ref, provider: 'GATEHOUSE-IDP' }), null)
        const token = { identifier: `exact-${run}@example.com`, token: `Tok-${run}`, expires: inAnHour() }
        await a().createVerificationToken(token)
        assert.equal(await a().useVerificationToken({ ...token, token: `${token.token} ` }), null)
        assert.equal(await a().useVerificationToken({ ...token, token: token.token.toLowerCase() }), null)
        assert.equal(
          await a().useVerificationToken({ ...token, identifier: token.identifier.toUpperCase() }),
          null,
        )
        assert.equal(await a().getUserByEmail(user.email.toUpperCase()), null)
        assert.equal(await a().getUserByEmail(`${user.email} `), null)
        await a().deleteSession(hash)
      })
    })

    describe('verification tokens', () => {
      it('returns a token once, then null; null for a wrong identifier', async () => {
        const token = { identifier: `vt-${run}@example.com`, token: crypto.randomUUID(), expires: inAnHour() }
        await a().createVerificationToken(token)
        assert.deepEqual(await db.verificationToken(token), token)
        assert.equal(
          await a().useVerificationToken({ identifier: 'wrong@example.com', token: token.token }),
          null,
        )
        assert.deepEqual(await a().useVerificationToken(token), token)
        assert.equal(await a().useVerificationToken(token), null)
        assert.equal(await db.verificationToken(token), null)
      })
      it('gives a token to exactly one of many concurrent callers', async () => {
        const token = {
          identifier: `race-${run}@example.com`,
          token: crypto.randomUUID(),
          expires: inAnHour(),
        }
        await a().createVerificationToken(token)
        const results = await Promise.all(
          Array.from({ length: 8 }, async () => await a().useVerificationToken(token)),
        )
        assert.equal(results.filter((r) => r !== null).length, 1)
      })
    })

    describe('user deletion', () => {
      it('removes the user with their accounts and sessions', async () => {
        const user = await a().createUser(newUser('delete'))
        const linked: AdapterAccount = {
          userId: user.id,
          type: 'oauth',
          provider: 'github',
          providerAccountId: `del-${run}`,
        }
        await a().linkAccount(linked)
        const session = { sessionToken: `del-${crypto.randomUUID()}`, userId: user.id, expires: inAnHour() }
        await a().createSession(session)
        await a().deleteUser(user.id)
        assert.equal(await db.user(user.id), null)
        assert.equal(await db.account(linked), null)
        assert.equal(await db.session(session.sessionToken), null)
      })
    })

    describe('Gatehouse extensions', () => {
      capable('updateAccount', 'updateAccount writes refreshed tokens', async () => {
        const user = await a().createUser(newUser('refresh'))
        const ref = { provider: 'gatehouse-idp', providerAccountId: `refresh-${run}` }
        await a().linkAccount({
          ...ref,
          userId: user.id,
          type: 'oidc',
          access_token: 'old',
          refresh_token: 'r1',
        })
        await a().updateAccount({ ...ref, access_token: 'new', expires_at: 2_000_000_000 })
        const stored = await db.account(ref)
        assert.equal(stored?.access_token, 'new')
        assert.equal(stored?.refresh_token, 'r1')
        assert.equal(stored?.expires_at, 2_000_000_000)
      })
      capable(
        'createUserWithAccount',
        'createUserWithAccount writes both rows, or neither when the account is taken',
        async () => {
          const ref = { provider: 'gatehouse-idp', providerAccountId: `atomic-${run}` }
          const account = { ...ref, userId: 'replaced', type: 'oidc' as const, access_token: 'at' }
          const user = await a().createUserWithAccount(newUser('atomic'), account)
          assert.deepEqual(await db.user(user.id), user)
          assert.deepEqual(await db.account(ref), { ...account, userId: user.id })
          // The same provider account again: refused, and the second user is not left behind.
          const second = newUser('atomic-second')
          await assert.rejects(async () => a().createUserWithAccount(second, account))
          assert.equal(await a().getUserByEmail(second.email), null)
        },
      )
      capable('listSessions', 'listSessions and deleteSessions work per user', async () => {
        const user = await a().createUser(newUser('devices'))
        const tokens = [`d1-${crypto.randomUUID()}`, `d2-${crypto.randomUUID()}`]
        for (const sessionToken of tokens)
          await a().createSession({ sessionToken, userId: user.id, expires: inAnHour() })
        const listed = await a().listSessions(user.id)
        assert.deepEqual(listed.map((s) => s.sessionToken).sort(), [...tokens].sort())
        assert.ok(listed.every((s) => s.expires instanceof Date))
        await a().deleteSessions(user.id)
        for (const token of tokens) assert.equal(await db.session(token), null)
      })
    })

    describe('authenticators', () => {
      capable(
        'authenticators',
        'creates, lists and counts authenticators; rejects an unknown one',
        async () => {
          const user = await a().createUser(newUser('passkey'))
          const authenticator: AdapterAuthenticator = {
            userId: user.id,
            providerAccountId: `pk-${run}`,
            counter: 0,
            credentialBackedUp: false,
            credentialID: Buffer.from(crypto.randomUUID()).toString('base64'),
            credentialPublicKey: 'cHVibGljLWtleQ==',
            transports: 'internal,usb',
            credentialDeviceType: 'singleDevice',
          }
          await a().createAuthenticator(authenticator)
          assert.deepEqual(await a().getAuthenticator(authenticator.credentialID), authenticator)
          // What was stored is read back raw too: declaring the capability needs `db.authenticator`.
          assert.ok(
            db.authenticator,
            'capability "authenticators" is declared, but db.authenticator is missing',
          )
          assert.deepEqual(await db.authenticator(authenticator.credentialID), authenticator)
          assert.deepEqual(await a().listAuthenticatorsByUserId(user.id), [authenticator])
          const counted = await a().updateAuthenticatorCounter(authenticator.credentialID, 5)
          assert.equal(counted.counter, 5)
          await assert.rejects(async () => a().updateAuthenticatorCounter('unknown', 1))
          // Credential ids compare byte for byte: another case or a trailing space is another credential.
          const swapped = authenticator.credentialID.replace(/[a-z]/gi, (c) =>
            c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase(),
          )
          assert.equal(await a().getAuthenticator(swapped), null)
          assert.equal(await a().getAuthenticator(`${authenticator.credentialID} `), null)
          // A passkey goes with its user.
          await a().deleteUser(user.id)
          assert.equal(await a().getAuthenticator(authenticator.credentialID), null)
        },
      )
    })

    describe('passkey management', () => {
      capable(
        'passkeyManagement',
        "lists a user's accounts; renames a passkey; deletes it with its webauthn account only",
        async () => {
          const user = await a().createUser(newUser('manage'))
          const other = await a().createUser(newUser('manage-other'))
          const credentialID = Buffer.from(crypto.randomUUID()).toString('base64')
          const webauthn: AdapterAccount = {
            userId: user.id,
            type: 'webauthn',
            provider: 'passkey',
            providerAccountId: credentialID,
          }
          const oauth: AdapterAccount = {
            userId: user.id,
            type: 'oidc',
            provider: 'idp',
            providerAccountId: `manage-${run}`,
          }
          await a().linkAccount(webauthn)
          await a().linkAccount(oauth)
          const authenticator: AdapterAuthenticator = {
            userId: user.id,
            providerAccountId: credentialID,
            counter: 3,
            credentialBackedUp: true,
            credentialID,
            credentialPublicKey: 'cHVibGljLWtleQ==',
            credentialDeviceType: 'multiDevice',
          }
          await a().createAuthenticator(authenticator)
          const byProvider = (x: AdapterAccount, y: AdapterAccount) => x.provider.localeCompare(y.provider)
          assert.deepEqual(
            (await a().listAccounts(user.id)).sort(byProvider),
            [oauth, webauthn].sort(byProvider),
          )
          assert.deepEqual(await a().listAccounts(other.id), [])

          const renamed = await a().updateAuthenticator(credentialID, { name: 'Laptop – Touch ID' })
          assert.deepEqual(renamed, { ...authenticator, name: 'Laptop – Touch ID' })
          assert.deepEqual(await db.authenticator?.(credentialID), renamed)
          assert.deepEqual(await a().updateAuthenticator(credentialID, { name: null }), authenticator)
          assert.equal(await a().updateAuthenticator('unknown', { name: 'x' }), null)

          assert.deepEqual(await a().deleteAuthenticator(credentialID), authenticator)
          assert.equal(await a().getAuthenticator(credentialID), null)
          assert.equal(await db.authenticator?.(credentialID), null)
          assert.equal(await a().getAccount(credentialID, 'passkey'), null)
          assert.deepEqual(await a().listAccounts(user.id), [oauth])
          assert.equal(await a().deleteAuthenticator(credentialID), null)
        },
      )
    })
  })
}
