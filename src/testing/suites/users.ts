import assert from 'node:assert/strict'
import { conformanceSuite } from './conformance-suite.js'

/** Core: creating, reading and updating users; e-mails are unique. */
export const usersSuite = conformanceSuite({
  name: 'users',
  title: 'users',
  methods: ['createUser', 'getUser', 'getUserByEmail', 'updateUser'],
  define({ it, adapter: a, db, run, newUser }) {
    it('creates a user, with a string id, and stores what it returns', async () => {
      const user = await a().createUser(newUser('create'))
      assert.equal(typeof user.id, 'string')
      assert.deepEqual(await db.user(user.id), user)
      assert.deepEqual(await a().getUser(user.id), user)
      assert.deepEqual(await a().getUserByEmail(user.email), user)
    })
    it('answers null for unknown ids and e-mails', async () => {
      assert.equal(await a().getUser(crypto.randomUUID()), null)
      assert.equal(await a().getUserByEmail(`nobody-${run}@example.com`), null)
    })
    it('keeps emailVerified a Date, and updates only the given fields', async () => {
      const user = await a().createUser(newUser('update'))
      const verified = new Date(Math.floor(Date.now() / 1000) * 1000)
      const updated = await a().updateUser({ id: user.id, emailVerified: verified, name: 'Renamed' })
      assert.ok(updated.emailVerified instanceof Date)
      assert.equal(updated.emailVerified.getTime(), verified.getTime())
      assert.equal(updated.email, user.email)
      const stored = await db.user(user.id)
      assert.equal(stored?.name, 'Renamed')
      assert.equal(stored?.emailVerified?.getTime(), verified.getTime())
    })
    it('refuses a second user with the same e-mail', async () => {
      const user = await a().createUser(newUser('unique'))
      await assert.rejects(async () => a().createUser({ ...newUser('other'), email: user.email }))
    })
  },
})
