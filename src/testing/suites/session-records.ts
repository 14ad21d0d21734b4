import assert from 'node:assert/strict'
import { conformanceSuite, inAnHour } from './conformance-suite.js'

/**
 * Capability `sessionRecords` (Gatehouse extension): what people see of their sessions. Metadata on a database
 * session's row (listed by `listSessions`), and JWT session records kept per user, refreshed and forgotten.
 */
export const sessionRecordsSuite = conformanceSuite({
  name: 'sessionRecords',
  title: 'sessionRecords',
  methods: [
    'updateSessionMetadata',
    'listSessions',
    'createJwtSession',
    'listJwtSessions',
    'updateJwtSession',
    'deleteJwtSession',
  ],
  define({ it, adapter: a, run, newUser }) {
    it("a database session's metadata is stored on its row and listed", async () => {
      const user = await a().createUser(newUser('metadata'))
      const sessionToken = `meta-${crypto.randomUUID()}`
      await a().createSession({ sessionToken, userId: user.id, expires: inAnHour() })
      const createdAt = new Date(Math.floor(Date.now() / 1000) * 1000)
      await a().updateSessionMetadata(sessionToken, {
        createdAt,
        lastSeenAt: createdAt,
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
        clientAddress: '203.0.113.7',
      })
      const later = new Date(createdAt.getTime() + 60_000)
      await a().updateSessionMetadata(sessionToken, { lastSeenAt: later })
      const [listed] = await a().listSessions(user.id)
      assert.ok(listed)
      assert.equal(listed.createdAt?.getTime(), createdAt.getTime())
      assert.equal(listed.lastSeenAt?.getTime(), later.getTime())
      assert.equal(listed.userAgent, 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')
      assert.equal(listed.clientAddress, '203.0.113.7')
    })

    it("JWT session records: the user's own, refreshed, expired ones left out, deleted only by their user", async () => {
      const userId = `jwt-${run}`
      const now = new Date(Math.floor(Date.now() / 1000) * 1000)
      const record = {
        id: `sid-${crypto.randomUUID()}`,
        userId,
        generation: 2,
        createdAt: now,
        lastSeenAt: now,
        expires: inAnHour(),
        userAgent: null,
        clientAddress: '198.51.100.1',
      }
      await a().createJwtSession(record)
      await a().createJwtSession({ ...record, id: `old-${run}`, expires: new Date(Date.now() - 1000) })
      await a().createJwtSession({ ...record, id: `other-${run}`, userId: `other-${run}` })
      const mine = await a().listJwtSessions(userId)
      assert.deepEqual(
        mine.map((r) => ({ ...r, expires: r.expires.getTime() })),
        [{ ...record, expires: record.expires.getTime() }],
      )
      const seen = new Date(now.getTime() + 5_000)
      const expires = new Date(record.expires.getTime() + 60_000)
      await a().updateJwtSession(userId, record.id, { lastSeenAt: seen, expires })
      const [updated] = await a().listJwtSessions(userId)
      assert.equal(updated?.lastSeenAt.getTime(), seen.getTime())
      assert.equal(updated?.expires.getTime(), expires.getTime())
      await a().deleteJwtSession(`other-${run}`, record.id)
      assert.equal((await a().listJwtSessions(userId)).length, 1)
      await a().deleteJwtSession(userId, record.id)
      assert.deepEqual(await a().listJwtSessions(userId), [])
      assert.equal((await a().listJwtSessions(`other-${run}`)).length, 1)
    })
  },
})
