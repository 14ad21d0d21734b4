import type { Selectable } from 'kysely'
import type { AdapterAuthenticator } from '../../adapter.js'
import type { AuthenticatorsTable } from '../database-schema.js'
import type { AdapterMethods, SqlContext } from '../sql-context.js'
import { text } from '../stored-value.js'

function toAuthenticator(row: Selectable<AuthenticatorsTable>): AdapterAuthenticator {
  const authenticator: AdapterAuthenticator = {
    userId: String(row.userId),
    providerAccountId: row.providerAccountId,
    counter: Number(row.counter),
    credentialBackedUp: Boolean(row.credentialBackedUp),
    credentialID: text(row.credentialID),
    credentialPublicKey: row.credentialPublicKey,
    credentialDeviceType: row.credentialDeviceType,
  }
  // Absent transports stay absent, so the object compares equal to what was created.
  if (row.transports !== null) authenticator.transports = row.transports
  if (row.name !== null && row.name !== undefined) authenticator.name = row.name
  return authenticator
}

/** The adapter methods of the `authenticators` table (WebAuthn passkeys). */
export function authenticatorsTable({
  db,
  dialect,
}: SqlContext): AdapterMethods<
  | 'createAuthenticator'
  | 'getAuthenticator'
  | 'listAuthenticatorsByUserId'
  | 'updateAuthenticatorCounter'
  | 'updateAuthenticator'
  | 'deleteAuthenticator'
> {
  const getAuthenticator = async (credentialID: string) => {
    const row = await db
      .selectFrom('authenticators')
      .selectAll()
      .where('credentialID', '=', credentialID)
      .executeTakeFirst()
    return row ? toAuthenticator(row) : null
  }
  return {
    async createAuthenticator(authenticator) {
      await db
        .insertInto('authenticators')
        .values({
          credentialID: authenticator.credentialID,
          userId: authenticator.userId,
          providerAccountId: authenticator.providerAccountId,
          credentialPublicKey: authenticator.credentialPublicKey,
          counter: authenticator.counter,
          credentialDeviceType: authenticator.credentialDeviceType,
          // SQLite binds no booleans; 0/1 reads back the same on every dialect.
          credentialBackedUp:
            dialect === 'postgres'
              ? authenticator.credentialBackedUp
              : Number(authenticator.credentialBackedUp),
          transports: authenticator.transports ?? null,
          // Only when given, so that a database still at schema version 3 keeps working for sign-in.
          ...(typeof authenticator.name === 'string' ? { name: authenticator.name } : {}),
        })
        .execute()
      return { ...authenticator }
    },
    getAuthenticator,
    async listAuthenticatorsByUserId(userId) {
      const rows = await db.selectFrom('authenticators').selectAll().where('userId', '=', userId).execute()
      return rows.map(toAuthenticator)
    },
    async updateAuthenticatorCounter(credentialID, newCounter) {
      const result = await db
        .updateTable('authenticators')
        .set({ counter: newCounter })
        .where('credentialID', '=', credentialID)
        .executeTakeFirst()
      const updated = result.numUpdatedRows > 0n ? await getAuthenticator(credentialID) : null
      if (!updated) throw new Error('No authenticator with this credential id to update.')
      return updated
    },
    async updateAuthenticator(credentialID, { name }) {
      const result = await db
        .updateTable('authenticators')
        .set({ name })
        .where('credentialID', '=', credentialID)
        .executeTakeFirst()
      return result.numUpdatedRows > 0n ? getAuthenticator(credentialID) : null
    },
    deleteAuthenticator(credentialID) {
      // The passkey and the webauthn account it signs in through go as one unit.
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('authenticators')
          .selectAll()
          .where('credentialID', '=', credentialID)
          .executeTakeFirst()
        if (!row) return null
        const authenticator = toAuthenticator(row)
        await trx
          .deleteFrom('accounts')
          .where('type', '=', 'webauthn')
          .where('providerAccountId', '=', authenticator.providerAccountId)
          .where('userId', '=', authenticator.userId)
          .execute()
        await trx.deleteFrom('authenticators').where('credentialID', '=', credentialID).execute()
        return authenticator
      })
    },
  }
}
