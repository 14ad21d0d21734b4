import assert from 'node:assert/strict'
import { conformanceSuite } from './conformance-suite.js'
import { linkedAccount } from './linked-account.js'

/** Core: linking provider accounts to users, finding users by them, unlinking. */
export const accountsSuite = conformanceSuite({
  name: 'accounts',
  title: 'accounts',
  methods: ['linkAccount', 'getUserByAccount', 'unlinkAccount'],
  define({ it, adapter: a, db, run, newUser }) {
    it('links an account and finds its user by it', async () => {
      const user = await a().createUser(newUser('link'))
      const linked = linkedAccount(user.id, 'link', run)
      await a().linkAccount(linked)
      assert.deepEqual(await db.account(linked), linked)
      assert.deepEqual(await a().getUserByAccount(linked), user)
    })
    it('refuses to link one provider account twice', async () => {
      const user = await a().createUser(newUser('twice'))
      await a().linkAccount(linkedAccount(user.id, 'twice', run))
      await assert.rejects(async () => a().linkAccount(linkedAccount(user.id, 'twice', run)))
    })
    it('unlinks an account', async () => {
      const user = await a().createUser(newUser('unlink'))
      const linked = linkedAccount(user.id, 'unlink', run)
      await a().linkAccount(linked)
      await a().unlinkAccount(linked)
      assert.equal(await db.account(linked), null)
      assert.equal(await a().getUserByAccount(linked), null)
    })
  },
})
