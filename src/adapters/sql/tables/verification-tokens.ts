import type { VerificationToken } from '../../adapter.js'
import type { StoredDate, StoredText } from '../database-schema.js'
import type { AdapterMethods, SqlContext } from '../sql-context.js'
import { text, toDate } from '../stored-value.js'

function toVerificationToken(row: {
  identifier: StoredText
  token: StoredText
  expires: StoredDate
}): VerificationToken {
  return { identifier: text(row.identifier), token: text(row.token), expires: toDate(row.expires) }
}

/** The adapter methods of the `verification_token` table: each token is handed out at most once. */
export function verificationTokensTable({
  db,
  date,
  returning,
}: SqlContext): AdapterMethods<'createVerificationToken' | 'useVerificationToken'> {
  return {
    async createVerificationToken(token) {
      await db
        .insertInto('verification_token')
        .values({ identifier: token.identifier, token: token.token, expires: date(token.expires) })
        .execute()
      return { ...token }
    },
    async useVerificationToken({ identifier, token }): Promise<VerificationToken | null> {
      const query = db
        .deleteFrom('verification_token')
        .where('identifier', '=', identifier)
        .where('token', '=', token)
      if (returning) {
        // DELETE … RETURNING: the row goes to exactly one of any number of concurrent callers.
        const row = await query.returningAll().executeTakeFirst()
        return row ? toVerificationToken(row) : null
      }
      const row = await db
        .selectFrom('verification_token')
        .selectAll()
        .where('identifier', '=', identifier)
        .where('token', '=', token)
        .executeTakeFirst()
      if (!row) return null
      // Only the caller whose DELETE removed the row gets it; InnoDB's row lock serializes concurrent deletes.
      const result = await query.executeTakeFirst()
      return result.numDeletedRows === 1n ? toVerificationToken(row) : null
    },
  }
}
