import type { AdapterMethods, SqlContext } from '../sql-context.js'

/** The adapter methods of the `passwords` table (schema version 5): one hash per user. */
export function passwordsTable({
  db,
  date,
  dialect,
}: SqlContext): AdapterMethods<'getPasswordHash' | 'setPasswordHash'> {
  return {
    async getPasswordHash(userId) {
      const row = await db
        .selectFrom('passwords')
        .select('hash')
        .where('userId', '=', userId)
        .executeTakeFirst()
      return row ? row.hash : null
    },
    async setPasswordHash(userId, hash) {
      // An upsert in every dialect: a concurrent second set replaces the first instead of failing.
      const updatedAt = date(new Date())
      await db
        .insertInto('passwords')
        .values({ userId, hash, updatedAt })
        .$call((insert) =>
          dialect === 'mysql'
            ? insert.onDuplicateKeyUpdate({ hash, updatedAt })
            : insert.onConflict((oc) => oc.column('userId').doUpdateSet({ hash, updatedAt })),
        )
        .execute()
    },
  }
}
