import assert from 'node:assert/strict'
import type { AdapterSession, AdapterUser } from '../../adapters/adapter.js'
import { conformanceSuite, inAnHour } from './conformance-suite.js'

/** A session without the row's own id, to compare with what was created. */
const bare = ({ id: _id, ...session }: AdapterSession): AdapterSession => session

/** What `getSessionAndUser` found, the session without the row's id. */
const bareFound = (found: { session: AdapterSession; user: AdapterUser } | null) =>
  found && { session: bare(found.session), user: found.user }

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
      const stored = await db.session(session.sessionToken)
      assert.ok(stored)
      assert.deepEqual(bare(stored), session)
      assert.deepEqual(bareFound(await a().getSessionAndUser(session.sessionToken)), { session, user })
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
      assert.deepEqual(bareFound(found), { session, user })
      assert.ok(found?.user.emailVerified instanceof Date && found.session.expires instanceof Date)
      assert.equal(found.user.emailVerified.getTime(), verified.getTime())
    })
    // Auth.js's adapter suite compares getSessionAndUser's session with the row, id column included.
    it("reads a session with the row's own id, when the table has one, and never the token as it", async () => {
      const user = await a().createUser(newUser('session-id'))
      const session = { sessionToken: `token-${crypto.randomUUID()}`, userId: user.id, expires: inAnHour() }
      await a().createSession(session)
      const stored = await db.session(session.sessionToken)
      const found = await a().getSessionAndUser(session.sessionToken)
      assert.equal(found?.session.id, stored?.id)
      if (found?.session.id !== undefined) {
        assert.equal(typeof found.session.id, 'string')
        assert.notEqual(found.session.id, session.sessionToken)
      }
      await a().deleteSession(session.sessionToken)
    })
  },
})
