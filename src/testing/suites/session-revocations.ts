import assert from 'node:assert/strict'
import { conformanceSuite, inAnHour } from './conformance-suite.js'

/**
 * Capability `sessionRevocations` (Gatehouse extension): revocable JWT sessions, a session generation per user and
 * session ids revoked one by one, read back in one lookup and never mixed between users.
 */
export const sessionRevocationsSuite = conformanceSuite({
  name: 'sessionRevocations',
  title: 'sessionRevocations',
  methods: ['getSessionRevocations', 'addSessionRevocation', 'incrementSessionGeneration'],
  define({ it, adapter: a, run }) {
    it('a user never revoked has generation 0 and no revoked ids', async () => {
      assert.deepEqual(await a().getSessionRevocations(`never-${run}`), { generation: 0, revoked: [] })
    })

    it('generations rise by one per call, also when raised concurrently, per user', async () => {
      const user = `gen-${run}`
      const other = `gen-other-${run}`
      assert.equal(await a().incrementSessionGeneration(user), 1)
      const raised = await Promise.all([1, 2, 3].map(async () => a().incrementSessionGeneration(user)))
      assert.deepEqual([...raised].sort(), [2, 3, 4])
      assert.equal((await a().getSessionRevocations(user)).generation, 4)
      assert.equal((await a().getSessionRevocations(other)).generation, 0)
    })

    it("revoked ids are the user's own, revoking twice is no error, expired entries are not listed", async () => {
      const user = `rev-${run}`
      const other = `rev-other-${run}`
      await a().addSessionRevocation(user, `s1-${run}`, inAnHour())
      await a().addSessionRevocation(user, `s1-${run}`, inAnHour())
      await a().addSessionRevocation(user, `s2-${run}`, inAnHour())
      await a().addSessionRevocation(user, `old-${run}`, new Date(Date.now() - 1000))
      await a().addSessionRevocation(other, `s3-${run}`, inAnHour())
      const mine = await a().getSessionRevocations(user)
      assert.deepEqual([...mine.revoked].sort(), [`s1-${run}`, `s2-${run}`].sort())
      assert.equal(mine.generation, 0)
      assert.deepEqual((await a().getSessionRevocations(other)).revoked, [`s3-${run}`])
    })
  },
})
