import assert from 'node:assert/strict'
import { conformanceSuite } from './conformance-suite.js'

/** Capability `updateAccount` (Gatehouse extension): refreshed provider tokens are written back. */
export const updateAccountSuite = conformanceSuite({
  name: 'updateAccount',
  title: 'updateAccount',
  methods: ['updateAccount'],
  define({ it, adapter: a, db, run, newUser }) {
    it('updateAccount writes refreshed tokens', async () => {
      const user = await a().createUser(newUser('refresh'))
      const ref = { provider: 'gatehouse-idp', providerAccountId: `refresh-${run}` }
      await a().linkAccount({
        ...ref,
        userId: user.id,
        type: 'oidc',
        access_token: 'old',
        refresh_token: 'r1',
      })
      await a().updateAccount({ ...ref, access_token: 'new', expires_at: 2_000_000_000 })
      const stored = await db.account(ref)
      assert.equal(stored?.access_token, 'new')
      assert.equal(stored?.refresh_token, 'r1')
      assert.equal(stored?.expires_at, 2_000_000_000)
    })
  },
})
