import assert from 'node:assert/strict'
import type { AdapterAccount, AdapterAuthenticator } from '../../adapters/adapter.js'
import type { AuthenticatorReads } from './authenticators.js'
import { conformanceSuite } from './conformance-suite.js'

/** Capability `passkeyManagement` (Gatehouse extension): listing sign-in methods, renaming and deleting passkeys. */
export const passkeyManagementSuite = conformanceSuite<'passkeyManagement', AuthenticatorReads>({
  name: 'passkeyManagement',
  title: 'passkeyManagement',
  methods: ['listAccounts', 'updateAuthenticator', 'deleteAuthenticator'],
  define({ it, adapter: a, db, run, newUser }) {
    it("lists a user's accounts; renames a passkey; deletes it with its webauthn account only", async () => {
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
      assert.deepEqual((await a().listAccounts(user.id)).sort(byProvider), [oauth, webauthn].sort(byProvider))
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
    })
  },
})
