import type { Selectable } from 'kysely'
import type { AdapterTwoFactor } from '../../adapter.js'
import type { TwoFactorTable } from '../database-schema.js'
import type { AdapterMethods, SqlContext } from '../sql-context.js'

function toTwoFactor(row: Selectable<TwoFactorTable>): AdapterTwoFactor {
  return {
    userId: String(row.userId),
    secret: row.secret,
    enabled: Boolean(row.enabled),
    // BIGINT: `pg` and `mysql2` return it as a string.
    lastUsedStep: row.lastUsedStep === null ? null : Number(row.lastUsedStep),
    backupCodes: row.backupCodes === '' ? [] : row.backupCodes.split(' '),
    trustedDevicesVersion: Number(row.trustedDevicesVersion),
  }
}

/** A compare-and-set that loses to a concurrent writer is tried again a few times, then reported as not done. */
const CAS_ATTEMPTS = 5

/** The adapter methods of the `two_factor` table (schema version 9). */
export function twoFactorTable({
  db,
  dialect,
}: SqlContext): AdapterMethods<
  'getTwoFactor' | 'setTwoFactor' | 'useTwoFactorStep' | 'useBackupCode' | 'voidTrustedDevices'
> {
  const getTwoFactor = async (userId: string) => {
    const row = await db.selectFrom('two_factor').selectAll().where('userId', '=', userId).executeTakeFirst()
    return row ? toTwoFactor(row) : null
  }
  return {
    getTwoFactor,
    async setTwoFactor(record) {
      const values = {
        secret: record.secret,
        // SQLite binds no booleans; 0/1 reads back the same on MySQL.
        enabled: dialect === 'postgres' ? record.enabled : Number(record.enabled),
        lastUsedStep: record.lastUsedStep,
        backupCodes: record.backupCodes.join(' '),
        trustedDevicesVersion: record.trustedDevicesVersion,
      }
      const insert = db.insertInto('two_factor').values({ userId: record.userId, ...values })
      await (
        dialect === 'mysql'
          ? insert.onDuplicateKeyUpdate(values)
          : insert.onConflict((conflict) => conflict.column('userId').doUpdateSet(values))
      ).execute()
      return { ...record, backupCodes: [...record.backupCodes] }
    },
    async useTwoFactorStep(userId, step) {
      // One conditional UPDATE: of two requests with the same code, on any number of instances, one writes.
      const result = await db
        .updateTable('two_factor')
        .set({ lastUsedStep: step })
        .where('userId', '=', userId)
        .where((eb) => eb.or([eb('lastUsedStep', 'is', null), eb('lastUsedStep', '<', step)]))
        .executeTakeFirst()
      return result.numUpdatedRows > 0n
    },
    async useBackupCode(userId, codeHash) {
      for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt++) {
        const row = await db
          .selectFrom('two_factor')
          .select('backupCodes')
          .where('userId', '=', userId)
          .executeTakeFirst()
        const codes = row && row.backupCodes !== '' ? row.backupCodes.split(' ') : []
        if (!codes.includes(codeHash)) return false
        // Written only if nobody changed the list since it was read: a code is spent by one request only.
        const result = await db
          .updateTable('two_factor')
          .set({ backupCodes: codes.filter((hash) => hash !== codeHash).join(' ') })
          .where('userId', '=', userId)
          .where('backupCodes', '=', row!.backupCodes)
          .executeTakeFirst()
        if (result.numUpdatedRows > 0n) return true
      }
      return false
    },
    async voidTrustedDevices(userId) {
      await db
        .updateTable('two_factor')
        .set((eb) => ({ trustedDevicesVersion: eb('trustedDevicesVersion', '+', 1) }))
        .where('userId', '=', userId)
        .execute()
    },
  }
}
