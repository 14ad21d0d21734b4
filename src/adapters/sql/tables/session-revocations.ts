import { sql } from 'kysely'
import type { AdapterMethods, SqlContext } from '../sql-context.js'

/**
 * The adapter methods of revocable JWT sessions (schema version 6): `session_generations` and
 * `session_revocations`. A session check reads both in one round trip (`UNION ALL`).
 */
export function sessionRevocationsTable({
  db,
  dialect,
  date,
}: SqlContext): AdapterMethods<
  'getSessionRevocations' | 'addSessionRevocation' | 'incrementSessionGeneration'
> {
  return {
    async getSessionRevocations(userId) {
      const rows = await db
        .selectFrom('session_generations')
        .select([sql<number | string | null>`generation`.as('g'), sql<string | null>`NULL`.as('s')])
        .where('userId', '=', userId)
        .unionAll(
          db
            .selectFrom('session_revocations')
            .select([sql<number | string | null>`NULL`.as('g'), 'sessionId as s'])
            .where('userId', '=', userId)
            .where('expires', '>', date(new Date())),
        )
        .execute()
      let generation = 0
      const revoked: string[] = []
      for (const row of rows) {
        if (row.s !== null) revoked.push(row.s)
        else if (row.g !== null) generation = Number(row.g)
      }
      return { generation, revoked }
    },
    async addSessionRevocation(userId, sessionId, expires) {
      const values = { sessionId, userId, expires: date(expires) }
      const insert = db.insertInto('session_revocations').values(values)
      // Revoking twice keeps the later expiry; never an error.
      await (
        dialect === 'mysql'
          ? insert.onDuplicateKeyUpdate({ expires: values.expires })
          : insert.onConflict((oc) => oc.column('sessionId').doUpdateSet({ expires: values.expires }))
      ).execute()
    },
    async incrementSessionGeneration(userId) {
      if (dialect !== 'mysql') {
        // One atomic statement: concurrent raises each add one.
        const row = await db
          .insertInto('session_generations')
          .values({ userId, generation: 1 })
          .onConflict((oc) =>
            oc.column('userId').doUpdateSet({ generation: sql`session_generations.generation + 1` }),
          )
          .returning('generation')
          .executeTakeFirstOrThrow()
        return Number(row.generation)
      }
      // MySQL has no RETURNING: the upsert locks the row, so the read in the same transaction sees this raise.
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('session_generations')
          .values({ userId, generation: 1 })
          .onDuplicateKeyUpdate({ generation: sql`generation + 1` })
          .execute()
        const row = await trx
          .selectFrom('session_generations')
          .select('generation')
          .where('userId', '=', userId)
          .executeTakeFirstOrThrow()
        return Number(row.generation)
      })
    },
  }
}
