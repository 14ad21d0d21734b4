import assert from 'node:assert/strict'
import type { AdapterAccount } from '../../adapters/adapter.js'
import { conformanceSuite, inAnHour } from './conformance-suite.js'

/** Core: deleting a user deletes what belongs to them. */
export const userDeletionSuite = conformanceSuite({
  name: 'userDeletion',
  title: 'user deletion',
  methods: ['deleteUser'],
  define({ it, adapter: a, db, run, newUser }) {
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
  },
})
