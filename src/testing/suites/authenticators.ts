import assert from 'node:assert/strict'
import type { AdapterAuthenticator } from '../../adapters/adapter.js'
import { conformanceSuite, type Awaitable } from './conformance-suite.js'

/** The raw read the WebAuthn capabilities need. */
export interface AuthenticatorReads {
  /** Required when the adapter declares the `authenticators` capability. */
  authenticator?: (credentialID: string) => Awaitable<AdapterAuthenticator | null>
}

/** Capability `authenticators`: WebAuthn passkeys as Auth.js stores them. */
export const authenticatorsSuite = conformanceSuite<'authenticators', AuthenticatorReads>({
  name: 'authenticators',
  title: 'authenticators',
  methods: [
    'createAuthenticator',
    'getAuthenticator',
    'listAuthenticatorsByUserId',
    'updateAuthenticatorCounter',
  ],
  define({ it, adapter: a, db, run, newUser }) {
    it('creates, lists and counts authenticators; rejects an unknown one', async () => {
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
      assert.ok(db.authenticator, 'capability "authenticators" is declared, but db.authenticator is missing')
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
    })
  },
})
