/** gatehouse-auth/passkeys on real adapters, with passkeys registered through the flow. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Adapter } from '../../src/adapters/adapter.js'
import {
  deletePasskey,
  listPasskeys,
  PasskeyManagementError,
  renamePasskey,
} from '../../src/passkeys/index.js'
import type { FlowBackend } from '../database/session-flow-scenarios.js'
import { memoryBackend, postgresBackend, sqliteBackend } from '../database/flow-backends.js'
import { databaseAvailable } from '../support/test-databases.js'
import { CookieJar, softwareAuthenticator, webauthnHarness } from './webauthn-harness.js'

const refusal = (reason: string): unknown =>
  expect.objectContaining({ name: 'PasskeyManagementError', type: 'PasskeyManagementError', reason })

function managementCases(backend: FlowBackend) {
  describe(backend.name, () => {
    let adapter: Adapter
    let teardown: () => unknown
    beforeAll(async () => {
      ;({ adapter, teardown } = await backend.setup())
    })
    afterAll(() => teardown?.())

    /** A user with `count` passkeys, registered and added through the flow. */
    async function userWithPasskeys(count: number) {
      const h = webauthnHarness({ adapter })
      const jar = new CookieJar()
      const email = `manage-${crypto.randomUUID()}@example.com`
      const authenticators = [softwareAuthenticator()]
      expect((await h.ceremony(jar, authenticators[0]!, { action: 'register', email })).status).toBe(302)
      for (let i = 1; i < count; i++) {
        authenticators.push(softwareAuthenticator())
        expect((await h.ceremony(jar, authenticators[i]!, { action: 'register' })).status).toBe(302)
      }
      const user = (await adapter.getUserByEmail!(email))!
      const ids = (await adapter.listAuthenticatorsByUserId!(user.id)).map((a) => a.credentialID)
      return { h, user, ids, authenticators, config: h.config }
    }

    it('lists, renames and deletes a passkey; the deleted one no longer signs in', async () => {
      const { h, user, ids, authenticators, config } = await userWithPasskeys(2)
      const listed = await listPasskeys(config, user.id)
      expect(listed).toHaveLength(2)
      expect(listed[0]).toEqual({
        credentialID: expect.any(String),
        name: null,
        deviceType: 'multiDevice',
        backedUp: true,
        transports: ['internal'],
        counter: 0,
      })

      const renamed = await renamePasskey(config, user.id, ids[0]!, '  Work laptop  ')
      expect(renamed.name).toBe('Work laptop')
      expect((await listPasskeys(config, user.id)).find((p) => p.credentialID === ids[0])?.name).toBe(
        'Work laptop',
      )
      expect((await renamePasskey(config, user.id, ids[0]!, null)).name).toBeNull()

      const first = authenticators.find((a) => a.credentials[0]!.id.toString('base64') === ids[0])!
      await deletePasskey(config, user.id, ids[0]!)
      expect((await listPasskeys(config, user.id)).map((p) => p.credentialID)).toEqual([ids[1]])
      // The audit trail, where the adapter keeps one (Gatehouse's adapters do): added twice, removed once.
      if (typeof adapter.listAuditEvents === 'function') {
        const types = (await adapter.listAuditEvents(user.id, { limit: 20 })).map((e) => e.type)
        expect(types.filter((t) => t.startsWith('passkey'))).toEqual([
          'passkey-removed',
          'passkey-added',
          'passkey-added',
        ])
      }
      expect(await adapter.getAccount!(ids[0]!, 'passkey')).toBeNull()
      const jar = new CookieJar()
      const { body } = await h.optionsFor(jar, { action: 'authenticate' })
      const res = await h.post(
        jar,
        { action: 'authenticate', data: JSON.stringify(first.authenticate(body.options)) },
        { 'X-Auth-Return-Redirect': '1' },
      )
      expect(res.status).toBe(400)
    })

    it('refuses to delete the last sign-in method, unless told to', async () => {
      const { user, ids, config } = await userWithPasskeys(1)
      await expect(deletePasskey(config, user.id, ids[0]!)).rejects.toEqual(refusal('last_sign_in_method'))
      expect(await listPasskeys(config, user.id)).toHaveLength(1)
      await deletePasskey(config, user.id, ids[0]!, { allowLastMethod: true })
      expect(await listPasskeys(config, user.id)).toEqual([])
    })

    it('counts an OAuth account, or e-mail sign-in, as another method', async () => {
      const oauth = await userWithPasskeys(1)
      await adapter.linkAccount!({
        userId: oauth.user.id,
        type: 'oidc',
        provider: 'idp',
        providerAccountId: `sub-${crypto.randomUUID()}`,
      })
      await deletePasskey(oauth.config, oauth.user.id, oauth.ids[0]!)
      expect(await listPasskeys(oauth.config, oauth.user.id)).toEqual([])

      const email = await userWithPasskeys(1)
      const withEmail = {
        ...email.config,
        providers: [
          ...email.config.providers,
          {
            id: 'email',
            name: 'Email',
            type: 'email' as const,
            sendVerificationRequest: () => Promise.resolve(),
          },
        ],
      }
      await expect(deletePasskey(email.config, email.user.id, email.ids[0]!)).rejects.toEqual(
        refusal('last_sign_in_method'),
      )
      await deletePasskey(withEmail, email.user.id, email.ids[0]!)
      expect(await listPasskeys(email.config, email.user.id)).toEqual([])
    })

    it("never touches another user's passkey, and says so as not_found", async () => {
      const a = await userWithPasskeys(2)
      const b = await userWithPasskeys(2)
      await expect(renamePasskey(a.config, a.user.id, b.ids[0]!, 'mine now')).rejects.toEqual(
        refusal('not_found'),
      )
      await expect(deletePasskey(a.config, a.user.id, b.ids[0]!)).rejects.toEqual(refusal('not_found'))
      await expect(deletePasskey(a.config, a.user.id, 'unknown')).rejects.toEqual(refusal('not_found'))
      expect(await listPasskeys(b.config, b.user.id)).toHaveLength(2)
      expect((await listPasskeys(b.config, b.user.id)).every((p) => p.name === null)).toBe(true)
    })

    it('refuses names that are empty, too long, or hold control characters', async () => {
      const { user, ids, config } = await userWithPasskeys(1)
      for (const name of ['', '   ', 'x'.repeat(101), 'tab\there', 'new\nline']) {
        await expect(renamePasskey(config, user.id, ids[0]!, name)).rejects.toEqual(refusal('invalid_name'))
      }
      expect((await renamePasskey(config, user.id, ids[0]!, '🔑'.repeat(100))).name).toBe('🔑'.repeat(100))
    })
  })
}

managementCases(memoryBackend)
managementCases(sqliteBackend)
const postgres = await databaseAvailable('postgres')
describe.skipIf(!postgres)('postgres', () => managementCases(postgresBackend))

describe('an Auth.js adapter (authenticator methods only)', () => {
  it('lists passkeys; renaming and deleting say the adapter cannot', async () => {
    const { MemoryAdapter } = await import('../../src/adapters/memory.js')
    const {
      updateAuthenticator: _u,
      deleteAuthenticator: _d,
      listAccounts: _l,
      ...authJsLike
    } = MemoryAdapter()
    const h = webauthnHarness({ adapter: authJsLike })
    const jar = new CookieJar()
    await h.ceremony(jar, softwareAuthenticator(), { action: 'register', email: 'authjs@example.com' })
    const user = (await authJsLike.getUserByEmail('authjs@example.com'))!
    const [passkey] = await listPasskeys(h.config, user.id)
    expect(passkey?.name).toBeNull()
    await expect(renamePasskey(h.config, user.id, passkey!.credentialID, 'x')).rejects.toBeInstanceOf(
      PasskeyManagementError,
    )
    await expect(deletePasskey(h.config, user.id, passkey!.credentialID)).rejects.toEqual(
      refusal('not_supported'),
    )
  })
})
