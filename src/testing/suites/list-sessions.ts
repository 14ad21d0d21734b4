import assert from 'node:assert/strict'
import { conformanceSuite, inAnHour } from './conformance-suite.js'

/** Capability `listSessions` (Gatehouse extension): a user's sessions, listed and ended together. */
export const listSessionsSuite = conformanceSuite({
  name: 'listSessions',
  title: 'listSessions',
  methods: ['listSessions', 'deleteSessions'],
  define({ it, adapter: a, db, newUser }) {
    it('listSessions and deleteSessions work per user', async () => {
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
  },
})
