import assert from 'node:assert/strict'
import { conformanceSuite } from './conformance-suite.js'

/** Capability `createUserWithAccount` (Gatehouse extension): a first sign-in's user and account as one unit. */
export const createUserWithAccountSuite = conformanceSuite({
  name: 'createUserWithAccount',
  title: 'createUserWithAccount',
  methods: ['createUserWithAccount'],
  define({ it, adapter: a, db, run, newUser }) {
    it('createUserWithAccount writes both rows, or neither when the account is taken', async () => {
      const ref = { provider: 'gatehouse-idp', providerAccountId: `atomic-${run}` }
      const account = { ...ref, userId: 'replaced', type: 'oidc' as const, access_token: 'at' }
      const user = await a().createUserWithAccount(newUser('atomic'), account)
      assert.deepEqual(await db.user(user.id), user)
      assert.deepEqual(await db.account(ref), { ...account, userId: user.id })
      // The same provider account again: refused, and the second user is not left behind.
      const second = newUser('atomic-second')
      await assert.rejects(async () => a().createUserWithAccount(second, account))
      assert.equal(await a().getUserByEmail(second.email), null)
    })
  },
})
