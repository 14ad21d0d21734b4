import assert from 'node:assert/strict'
import type { Awaitable } from './conformance-suite.js'
import { conformanceSuite } from './conformance-suite.js'

/** The raw read the `passwords` capability needs: the stored hash of a user, or `null`. */
export interface PasswordReads {
  passwordHash?: (userId: string) => Awaitable<string | null>
}

const PHC =
  '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g'

/**
 * Capability `passwords` (Gatehouse extension, the `Password` provider): one hash per user, in storage of its own,
 * replaced by a second set, and gone with the user.
 */
export const passwordsSuite = conformanceSuite<'passwords', PasswordReads>({
  name: 'passwords',
  title: 'passwords',
  methods: ['getPasswordHash', 'setPasswordHash'],
  define({ it, adapter: a, db, newUser }) {
    const stored = async (userId: string) => {
      assert.ok(db.passwordHash, 'the passwords capability needs the `passwordHash` raw read')
      return db.passwordHash(userId)
    }

    it('stores, reads and replaces a hash per user, exactly as given', async () => {
      const user = await a().createUser(newUser('password'))
      const other = await a().createUser(newUser('password-other'))
      assert.equal(await a().getPasswordHash(user.id), null)
      await a().setPasswordHash(user.id, PHC)
      assert.equal(await a().getPasswordHash(user.id), PHC)
      assert.equal(await stored(user.id), PHC)
      assert.equal(await a().getPasswordHash(other.id), null)
      // A legacy hash an application imports keeps every byte ($, /, +, =).
      const legacy = '$2b$12$R9h/cIPz0gi.URNNX3kh2OPST9/PgBkqquzi.Ss7KIUgO2t0jWMUW'
      await a().setPasswordHash(user.id, legacy)
      assert.equal(await a().getPasswordHash(user.id), legacy)
      assert.equal(await stored(user.id), legacy)
    })

    it('keeps the hash out of the user: getUser and getUserByEmail never carry it', async () => {
      const user = await a().createUser(newUser('password-user'))
      await a().setPasswordHash(user.id, PHC)
      const read = await a().getUser(user.id)
      assert.ok(read)
      assert.ok(!JSON.stringify(read).includes(PHC))
      const byEmail = await a().getUserByEmail(user.email)
      assert.ok(byEmail && !JSON.stringify(byEmail).includes(PHC))
    })

    it("deletes a user's hash with the user", async () => {
      const user = await a().createUser(newUser('password-delete'))
      await a().setPasswordHash(user.id, PHC)
      await a().deleteUser(user.id)
      assert.equal(await stored(user.id), null)
      assert.equal(await a().getPasswordHash(user.id), null)
    })

    it('refuses a hash for a user that does not exist', async () => {
      await assert.rejects(async () => a().setPasswordHash(crypto.randomUUID(), PHC))
    })
  },
})
