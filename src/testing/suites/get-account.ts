import assert from 'node:assert/strict'
import { conformanceSuite } from './conformance-suite.js'
import { linkedAccount } from './linked-account.js'

/** Capability `getAccount`: reading one linked account by provider and account id. */
export const getAccountSuite = conformanceSuite({
  name: 'getAccount',
  title: 'getAccount',
  methods: ['getAccount'],
  define({ it, adapter: a, run, newUser }) {
    it('reads a linked account by provider and account id', async () => {
      const user = await a().createUser(newUser('get-account'))
      const linked = linkedAccount(user.id, 'get-account', run)
      await a().linkAccount(linked)
      assert.deepEqual(await a().getAccount(linked.providerAccountId, linked.provider), linked)
      assert.equal(await a().getAccount(`unknown-${run}`, linked.provider), null)
    })
  },
})
