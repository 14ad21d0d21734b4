import assert from 'node:assert/strict'
import { conformanceSuite, inAnHour } from './conformance-suite.js'

/** Core: lookups by a secret or an identity compare byte for byte. */
export const exactMatchingSuite = conformanceSuite({
  name: 'exactMatching',
  title: 'exact matching (a leaked hash or id must not match loosely)',
  methods: ['getSessionAndUser', 'getUserByAccount', 'useVerificationToken', 'getUserByEmail'],
  define({ it, adapter: a, run, newUser }) {
    // A database collation that ignores case, accents or trailing spaces (MySQL's default) lets a stored session
    // hash with a space appended, or a provider account id in another case, find someone else's row.
    it('finds sessions, accounts and verification tokens only byte for byte', async () => {
      const user = await a().createUser(newUser('exact'))
      // Shaped like a stored SHA-256 hex digest, with at least one letter to accent.
      const hash = crypto.randomUUID().replaceAll('-', '').padEnd(64, 'a')
      await a().createSession({ sessionToken: hash, userId: user.id, expires: inAnHour() })
      for (const variant of [`${hash} `, hash.toUpperCase(), `${hash}\t`, hash.replace('a', 'á')])
        assert.equal(await a().getSessionAndUser(variant), null, JSON.stringify(variant))
      const ref = { provider: 'gatehouse-idp', providerAccountId: `Exact-${run}` }
      await a().linkAccount({ ...ref, userId: user.id, type: 'oidc' })
      for (const providerAccountId of [ref.providerAccountId.toLowerCase(), `${ref.providerAccountId} `])
        assert.equal(await a().getUserByAccount({ ...ref, providerAccountId }), null, providerAccountId)
      assert.equal(await a().getUserByAccount({ ...ref, provider: 'GATEHOUSE-IDP' }), null)
      const token = { identifier: `exact-${run}@example.com`, token: `Tok-${run}`, expires: inAnHour() }
      await a().createVerificationToken(token)
      assert.equal(await a().useVerificationToken({ ...token, token: `${token.token} ` }), null)
      assert.equal(await a().useVerificationToken({ ...token, token: token.token.toLowerCase() }), null)
      assert.equal(
        await a().useVerificationToken({ ...token, identifier: token.identifier.toUpperCase() }),
        null,
      )
      assert.equal(await a().getUserByEmail(user.email.toUpperCase()), null)
      assert.equal(await a().getUserByEmail(`${user.email} `), null)
      await a().deleteSession(hash)
    })
  },
})
