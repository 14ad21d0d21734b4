import assert from 'node:assert/strict'
import { conformanceSuite, inAnHour } from './conformance-suite.js'

/** Core: e-mail sign-in tokens, each handed out once. */
export const verificationTokensSuite = conformanceSuite({
  name: 'verificationTokens',
  title: 'verification tokens',
  methods: ['createVerificationToken', 'useVerificationToken'],
  define({ it, adapter: a, db, run }) {
    it('returns a token once, then null; null for a wrong identifier', async () => {
      const token = { identifier: `vt-${run}@example.com`, token: crypto.randomUUID(), expires: inAnHour() }
      await a().createVerificationToken(token)
      assert.deepEqual(await db.verificationToken(token), token)
      assert.equal(
        await a().useVerificationToken({ identifier: 'wrong@example.com', token: token.token }),
        null,
      )
      assert.deepEqual(await a().useVerificationToken(token), token)
      assert.equal(await a().useVerificationToken(token), null)
      assert.equal(await db.verificationToken(token), null)
    })
    it('gives a token to exactly one of many concurrent callers', async () => {
      const token = { identifier: `race-${run}@example.com`, token: crypto.randomUUID(), expires: inAnHour() }
      await a().createVerificationToken(token)
      const results = await Promise.all(
        Array.from({ length: 8 }, async () => await a().useVerificationToken(token)),
      )
      assert.equal(results.filter((r) => r !== null).length, 1)
    })
  },
})
