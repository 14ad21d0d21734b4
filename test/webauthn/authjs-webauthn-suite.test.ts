/**
 * A re-statement, in our own code, of the assertions of the WebAuthn part of Auth.js's shared adapter suite
 * (`runBasicTests` with `testWebAuthnMethods: true`: the `getAccount`, `createAuthenticator`, `getAuthenticator`,
 * `listAuthenticatorsByUserId` and `updateAuthenticatorCounter` cases of `packages/utils/adapter.ts` in
 * nextauthjs/next-auth, read at a1a16a5a). That file is not on npm; this is not a copy of it. It runs against
 * Gatehouse's PostgreSQL adapter on a schema made by Gatehouse's migrations, with raw SQL as the suite's `db`
 * queries, and against the memory adapter (no raw queries there).
 */
import { randomInt, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Adapter, AdapterAuthenticator } from '../../src/adapters/adapter.js'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import { PostgresAdapter, migrate } from '../../src/adapters/postgres.js'
import { databaseAvailable, freshPostgres } from '../support/test-databases.js'

/** What the suite reads behind the adapter's back, when the backend allows it. */
interface RawRows {
  account?: (key: { provider: string; providerAccountId: string }) => Promise<unknown>
  authenticator?: (credentialID: string) => Promise<unknown>
}

function authJsWebAuthnCases(
  name: string,
  open: () => Promise<{ adapter: Adapter; raw: RawRows; close: () => Promise<void> }>,
) {
  describe(`Auth.js testWebAuthnMethods, restated: ${name}`, () => {
    let adapter: Required<Adapter>
    let raw: RawRows
    let close: () => Promise<void>
    beforeAll(async () => {
      const opened = await open()
      adapter = opened.adapter as Required<Adapter>
      raw = opened.raw
      close = opened.close
    })
    afterAll(() => close?.())

    /** A user with a webauthn account for `credentialID`, as each Auth.js case sets up. */
    async function userWithCredentialAccount(email: string, credentialID: string) {
      const user = await adapter.createUser({ id: randomUUID(), email, emailVerified: null })
      await adapter.linkAccount({
        provider: 'webauthn',
        providerAccountId: credentialID,
        type: 'webauthn',
        userId: user.id,
      })
      return user
    }

    function authenticatorFor(
      userId: string,
      credentialID: string,
      transports: string,
    ): AdapterAuthenticator {
      return {
        credentialID,
        providerAccountId: credentialID,
        userId,
        counter: randomInt(100),
        credentialBackedUp: true,
        credentialDeviceType: 'platform',
        credentialPublicKey: randomUUID(),
        transports,
      }
    }

    it('getAccount: null for an unknown provider, account id or both; the stored account otherwise', async () => {
      const providerAccountId = randomUUID()
      const user = await adapter.createUser({
        id: randomUUID(),
        email: 'getAccount@example.com',
        emailVerified: null,
      })
      await adapter.linkAccount({ provider: 'auth0', providerAccountId, type: 'oauth', userId: user.id })
      expect(await adapter.getAccount('invalid-provider-account-id', 'invalid-provider')).toBeNull()
      expect(await adapter.getAccount(providerAccountId, 'invalid-provider')).toBeNull()
      expect(await adapter.getAccount('invalid-provider-account-id', 'auth0')).toBeNull()
      const found = await adapter.getAccount(providerAccountId, 'auth0')
      expect(found).not.toBeNull()
      if (raw.account)
        expect(await raw.account({ provider: 'auth0', providerAccountId })).toMatchObject(found ?? {})
    })

    it('createAuthenticator: returns what it stored, and the row holds it', async () => {
      const credentialID = randomUUID()
      const user = await userWithCredentialAccount('createAuthenticator@example.com', credentialID)
      const input = authenticatorFor(user.id, credentialID, 'usb,ble,nfc')
      const created = await adapter.createAuthenticator(input)
      expect(created).not.toBeNull()
      expect(created).toMatchObject(input)
      if (raw.authenticator) expect(await raw.authenticator(credentialID)).toMatchObject(created)
    })

    it('getAuthenticator: null for an unknown credential id; the stored one otherwise', async () => {
      const credentialID = randomUUID()
      const user = await userWithCredentialAccount('getAuthenticator@example.com', credentialID)
      await adapter.createAuthenticator(authenticatorFor(user.id, credentialID, 'usb,ble,nfc'))
      expect(await adapter.getAuthenticator('invalid-credential-id')).toBeNull()
      const found = await adapter.getAuthenticator(credentialID)
      expect(found).not.toBeNull()
      if (raw.authenticator) expect(await raw.authenticator(credentialID)).toMatchObject(found ?? {})
    })

    it('listAuthenticatorsByUserId: empty for an unknown user; each user gets exactly their own', async () => {
      const [id1, id2, id3] = [randomUUID(), randomUUID(), randomUUID()]
      const user1 = await adapter.createUser({
        id: randomUUID(),
        email: 'listAuthenticatorsByUserId1@example.com',
        emailVerified: null,
      })
      const user2 = await adapter.createUser({
        id: randomUUID(),
        email: 'listAuthenticatorsByUserId2@example.com',
        emailVerified: null,
      })
      for (const [credentialID, userId] of [
        [id1, user1.id],
        [id2, user1.id],
        [id3, user2.id],
      ] as const) {
        await adapter.linkAccount({
          provider: 'webauthn',
          providerAccountId: credentialID,
          type: 'webauthn',
          userId,
        })
      }
      const a1 = await adapter.createAuthenticator(authenticatorFor(user1.id, id1, 'usb,ble,nfc'))
      const a2 = await adapter.createAuthenticator(authenticatorFor(user1.id, id2, 'usb,nfc'))
      const a3 = await adapter.createAuthenticator(authenticatorFor(user2.id, id3, 'usb,ble'))

      expect(await adapter.listAuthenticatorsByUserId('invalid-user-id')).toEqual([])
      const of1 = await adapter.listAuthenticatorsByUserId(user1.id)
      expect(of1).not.toBeNull()
      expect([a2, a1]).toEqual(expect.arrayContaining(of1))
      const of2 = await adapter.listAuthenticatorsByUserId(user2.id)
      expect(of2).not.toBeNull()
      expect([a3]).toMatchObject(expect.arrayContaining(of2))
    })

    it('updateAuthenticatorCounter: throws for an unknown credential; returns the new counter', async () => {
      const credentialID = randomUUID()
      const user = await userWithCredentialAccount('updateAuthenticatorCounter@example.com', credentialID)
      const created = await adapter.createAuthenticator(
        authenticatorFor(user.id, credentialID, 'usb,ble,nfc'),
      )
      await expect(async () =>
        adapter.updateAuthenticatorCounter('invalid-credential-id', randomInt(100)),
      ).rejects.toThrow()
      const counter = created.counter + randomInt(100)
      const updated = await adapter.updateAuthenticatorCounter(credentialID, counter)
      expect(updated).not.toBeNull()
      expect(updated.counter).toBe(counter)
    })
  })
}

authJsWebAuthnCases('memory adapter', () =>
  Promise.resolve({ adapter: MemoryAdapter(), raw: {}, close: () => Promise.resolve() }),
)

const postgres = await databaseAvailable('postgres')
describe.skipIf(!postgres)('postgres', () => {
  authJsWebAuthnCases('Gatehouse PostgresAdapter on a Gatehouse-migrated schema', async () => {
    const { pool, drop } = await freshPostgres()
    await migrate(pool)
    const one = async (text: string, values: unknown[]) =>
      ((await pool.query(text, values)).rows[0] as unknown) ?? null
    return {
      adapter: PostgresAdapter(pool),
      raw: {
        account: ({ provider, providerAccountId }) =>
          one('SELECT * FROM accounts WHERE provider = $1 AND "providerAccountId" = $2', [
            provider,
            providerAccountId,
          ]),
        // node-postgres reads BIGINT as a string; the suite's `db` helpers return rows typed as the adapter's.
        authenticator: async (credentialID) => {
          const row = (await one('SELECT * FROM authenticators WHERE "credentialID" = $1', [
            credentialID,
          ])) as {
            counter: string
          } | null
          return row && { ...row, counter: Number(row.counter) }
        },
      },
      close: drop,
    }
  })
})
