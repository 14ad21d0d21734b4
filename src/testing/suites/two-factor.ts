import assert from 'node:assert/strict'
import type { AdapterTwoFactor } from '../../adapters/adapter.js'
import { conformanceSuite, type Awaitable } from './conformance-suite.js'

/** The raw read the `twoFactor` capability needs. */
export interface TwoFactorReads {
  /** Required when the adapter declares the `twoFactor` capability: the user's stored record, or `null`. */
  twoFactor?: (userId: string) => Awaitable<AdapterTwoFactor | null>
}

/**
 * Capability `twoFactor` (Gatehouse extension): a user's second factor, its TOTP step and backup codes each used
 * once even when two requests race, trusted devices voided by a version, and the record gone with its user.
 */
export const twoFactorSuite = conformanceSuite<'twoFactor', TwoFactorReads>({
  name: 'twoFactor',
  title: 'twoFactor',
  methods: ['getTwoFactor', 'setTwoFactor', 'useTwoFactorStep', 'useBackupCode', 'voidTrustedDevices'],
  define({ it, adapter: a, db, newUser }) {
    const recordOf = (userId: string): AdapterTwoFactor => ({
      userId,
      secret: 'sealed-secret-text',
      enabled: false,
      lastUsedStep: null,
      backupCodes: ['a1b2', 'c3d4', 'e5f6'],
      trustedDevicesVersion: 0,
    })

    it('stores, replaces and reads back a record; null for a user without one', async () => {
      const user = await a().createUser(newUser('2fa-store'))
      assert.equal(await a().getTwoFactor(user.id), null)
      const record = recordOf(user.id)
      assert.deepEqual(await a().setTwoFactor(record), record)
      assert.deepEqual(await a().getTwoFactor(user.id), record)
      assert.deepEqual(await db.twoFactor?.(user.id), record)
      const confirmed = { ...record, enabled: true, lastUsedStep: 59_000_123, backupCodes: [] }
      await a().setTwoFactor(confirmed)
      assert.deepEqual(await a().getTwoFactor(user.id), confirmed)
      assert.deepEqual(await db.twoFactor?.(user.id), confirmed)
    })

    it('records a TOTP step only when it is later than the last one, once under a race', async () => {
      const user = await a().createUser(newUser('2fa-step'))
      await a().setTwoFactor({ ...recordOf(user.id), enabled: true })
      assert.equal(await a().useTwoFactorStep(user.id, 100), true)
      assert.equal(await a().useTwoFactorStep(user.id, 100), false, 'the same step twice')
      assert.equal(await a().useTwoFactorStep(user.id, 99), false, 'an earlier step')
      const raced = await Promise.all(
        Array.from({ length: 8 }, async () => a().useTwoFactorStep(user.id, 101)),
      )
      assert.equal(raced.filter(Boolean).length, 1, 'one of eight concurrent uses of a step wins')
      assert.equal((await db.twoFactor?.(user.id))?.lastUsedStep, 101)
      assert.equal(await a().useTwoFactorStep('no-such-user', 5), false)
    })

    it('spends a backup code once, under a race too, and keeps the others', async () => {
      const user = await a().createUser(newUser('2fa-backup'))
      await a().setTwoFactor({ ...recordOf(user.id), enabled: true })
      assert.equal(await a().useBackupCode(user.id, 'c3d4'), true)
      assert.equal(await a().useBackupCode(user.id, 'c3d4'), false, 'a used code')
      assert.equal(await a().useBackupCode(user.id, 'zzzz'), false, 'a code never issued')
      assert.deepEqual((await db.twoFactor?.(user.id))?.backupCodes, ['a1b2', 'e5f6'])
      const raced = await Promise.all([
        ...Array.from({ length: 4 }, () => a().useBackupCode(user.id, 'a1b2')),
        a().useBackupCode(user.id, 'e5f6'),
      ])
      assert.deepEqual(raced.filter(Boolean).length, 2, 'each code once; another code is not lost to a race')
      assert.deepEqual((await db.twoFactor?.(user.id))?.backupCodes, [])
      const other = await a().createUser(newUser('2fa-backup-other'))
      await a().setTwoFactor({ ...recordOf(other.id), enabled: true })
      assert.equal(await a().useBackupCode(user.id, 'a1b2'), false, "another user's code does not count")
    })

    it('raises the trusted-devices version; the record goes with its user', async () => {
      const user = await a().createUser(newUser('2fa-trust'))
      await a().voidTrustedDevices(user.id)
      assert.equal(await a().getTwoFactor(user.id), null, 'no record is made by voiding')
      await a().setTwoFactor({ ...recordOf(user.id), trustedDevicesVersion: 4 })
      await a().voidTrustedDevices(user.id)
      assert.equal((await a().getTwoFactor(user.id))?.trustedDevicesVersion, 5)
      assert.equal((await db.twoFactor?.(user.id))?.trustedDevicesVersion, 5)
      await a().deleteUser(user.id)
      assert.equal(await db.twoFactor?.(user.id), null)
    })
  },
})
