import assert from 'node:assert/strict'
import { conformanceSuite, inAnHour } from './conformance-suite.js'

/** Core: database sessions, created, read with their user, slid and deleted. */
export const sessionsSuite = conformanceSuite({
  name: 'sessions',
  title: 'sessions',
  methods: ['createSession', 'getSessionAndUser', 'updateSession', 'deleteSession'],
  define({ it, adapter: a, db, newUser }) {
    it('creates, reads, slides and deletes a session; dates stay Dates', async () => {
      const user = await a().createUser(newUser('session'))
      const session = { sessionToken: `token-${crypto.randomUUID()}`, userId: user.id, expires: inAnHour() }
      assert.deepEqual(await a().createSession(session), session)
      assert.deepEqual(await db.session(session.sessionToken), session)
      assert.deepEqual(await a().getSessionAndUser(session.sessionToken), { session, user })
      const later = new Date(session.expires.getTime() + 86_400_000)
      await a().updateSession({ sessionToken: session.sessionToken, expires: later })
      assert.equal((await db.session(session.sessionToken))?.expires.getTime(), later.getTime())
      await a().deleteSession(session.sessionToken)
      assert.equal(await db.session(session.sessionToken), null)
      assert.equal(await a().getSessionAndUser(session.sessionToken), null)
    })
    it("reads a verified user's session with both dates as Dates", async () => {
      const verified = new Date(Date.UTC(2024, 1, 29, 23, 59, 59, 987))
      const user = await a().createUser({ ...newUser('verified-session'), emailVerified: verified })
      const session = { sessionToken: `token-${crypto.randomUUID()}`, userId: user.id, expires: inAnHour() }
      await a().createSession(session)
      const found = await a().getSessionAndUser(session.sessionToken)
      assert.deepEqual(found, { session, user })
      assert.ok(found?.user.emailVerified instanceof Date && found.session.expires instanceof Date)
      assert.equal(found.user.emailVerified.getTime(), verified.getTime())
    })
  },
})
