import type { Kysely, Selectable } from 'kysely'
import type { AdapterUser } from '../../adapter.js'
import type { DatabaseSchema, UsersTable } from '../database-schema.js'
import type { AdapterMethods, SqlContext } from '../sql-context.js'
import { text, toDate } from '../stored-value.js'

/** A `users` row as the adapter returns it. */
export function toUser(row: Selectable<UsersTable>): AdapterUser {
  return {
    id: String(row.id),
    name: row.name,
    email: (row.email === null ? null : text(row.email)) as string,
    emailVerified: row.emailVerified === null ? null : toDate(row.emailVerified),
    image: row.image,
  }
}

/** Inserts a user with an id of the database's (or Gatehouse's) making; `executor` may be a transaction. */
export async function insertUser(
  { dialect, date }: SqlContext,
  executor: Kysely<DatabaseSchema>,
  user: AdapterUser,
): Promise<AdapterUser> {
  const row = {
    name: user.name ?? null,
    email: user.email ?? null,
    emailVerified: user.emailVerified ? date(user.emailVerified) : null,
    image: user.image ?? null,
  }
  if (dialect === 'postgres') {
    const { id } = await executor.insertInto('users').values(row).returning('id').executeTakeFirstOrThrow()
    return toUser({ ...row, id })
  }
  // Like Auth.js adapters, the id core proposes is not trusted; the adapter makes its own.
  const id = crypto.randomUUID()
  await executor
    .insertInto('users')
    .values({ ...row, id })
    .execute()
  return toUser({ ...row, id })
}

/** The adapter methods of the `users` table; deleting a user also deletes what belongs to them. */
export function usersTable(
  sql: SqlContext,
): AdapterMethods<'createUser' | 'getUser' | 'getUserByEmail' | 'updateUser' | 'deleteUser'> {
  const { db, date } = sql
  const getUser = async (id: string) => {
    const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
    return row ? toUser(row) : null
  }
  return {
    createUser: (user) => insertUser(sql, db, user),
    getUser,
    async getUserByEmail(email) {
      const row = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst()
      return row ? toUser(row) : null
    },
    async updateUser({ id, ...patch }) {
      const set: Partial<Omit<UsersTable, 'id'>> = {}
      if (patch.name !== undefined) set.name = patch.name
      if (patch.email !== undefined) set.email = patch.email
      if (patch.image !== undefined) set.image = patch.image
      if (patch.emailVerified !== undefined)
        set.emailVerified = patch.emailVerified === null ? null : date(patch.emailVerified)
      if (Object.keys(set).length > 0) await db.updateTable('users').set(set).where('id', '=', id).execute()
      const user = await getUser(id)
      if (!user) throw new Error(`No user with id "${id}" to update.`)
      return user
    },
    async deleteUser(userId) {
      // Explicit deletes besides the foreign-key cascade, for databases created by Auth.js without foreign keys.
      return db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst()
        await trx.deleteFrom('sessions').where('userId', '=', userId).execute()
        await trx.deleteFrom('authenticators').where('userId', '=', userId).execute()
        await trx.deleteFrom('accounts').where('userId', '=', userId).execute()
        await trx.deleteFrom('users').where('id', '=', userId).execute()
        return row ? toUser(row) : null
      })
    },
  }
}
