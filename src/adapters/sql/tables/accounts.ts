import type { Kysely, Selectable } from 'kysely'
import type { AdapterAccount } from '../../adapter.js'
import type { AccountsTable, DatabaseSchema } from '../database-schema.js'
import type { AdapterMethods, SqlContext } from '../sql-context.js'
import { text } from '../stored-value.js'
import { insertUser, toUser } from './users.js'

const ACCOUNT_COLUMNS = [
  'refresh_token',
  'access_token',
  'expires_at',
  'id_token',
  'scope',
  'session_state',
  'token_type',
] as const

type TokenColumns = Partial<Pick<AccountsTable, (typeof ACCOUNT_COLUMNS)[number]>>

/** An `accounts` row as the adapter returns it. */
function toAccount(row: Selectable<AccountsTable>): AdapterAccount {
  const account: AdapterAccount = {
    userId: String(row.userId),
    type: row.type as AdapterAccount['type'],
    provider: text(row.provider),
    providerAccountId: text(row.providerAccountId),
  }
  // Absent columns stay absent, so the object compares equal to what was linked.
  for (const column of ACCOUNT_COLUMNS) {
    const value = row[column]
    if (value === null || value === undefined) continue
    ;(account as Record<string, unknown>)[column] = column === 'expires_at' ? Number(value) : value
  }
  return account
}

function accountColumns(account: Partial<AdapterAccount>): TokenColumns {
  const out: Record<string, string | number | null> = {}
  for (const column of ACCOUNT_COLUMNS) {
    const value = account[column]
    if (value === undefined) continue
    out[column] = value === null ? null : column === 'expires_at' ? Number(value) : String(value)
  }
  return out
}

async function insertAccount(
  { newId }: SqlContext,
  executor: Kysely<DatabaseSchema>,
  account: AdapterAccount,
): Promise<void> {
  await executor
    .insertInto('accounts')
    .values({
      ...newId(),
      userId: account.userId,
      type: account.type,
      provider: account.provider,
      providerAccountId: account.providerAccountId,
      refresh_token: null,
      access_token: null,
      expires_at: null,
      id_token: null,
      scope: null,
      session_state: null,
      token_type: null,
      ...accountColumns(account),
    })
    .execute()
}

/** The adapter methods of the `accounts` table, with the two that also touch `users`. */
export function accountsTable(
  sql: SqlContext,
): AdapterMethods<
  | 'getUserByAccount'
  | 'linkAccount'
  | 'createUserWithAccount'
  | 'unlinkAccount'
  | 'getAccount'
  | 'updateAccount'
  | 'listAccounts'
> {
  const { db } = sql
  const accountRow = (provider: string, providerAccountId: string) =>
    db
      .selectFrom('accounts')
      .selectAll()
      .where('provider', '=', provider)
      .where('providerAccountId', '=', providerAccountId)
      .executeTakeFirst()
  return {
    async getUserByAccount({ provider, providerAccountId }) {
      const row = await db
        .selectFrom('users')
        .innerJoin('accounts', 'accounts.userId', 'users.id')
        .selectAll('users')
        .where('accounts.provider', '=', provider)
        .where('accounts.providerAccountId', '=', providerAccountId)
        .executeTakeFirst()
      return row ? toUser(row) : null
    },
    async linkAccount(account) {
      await insertAccount(sql, db, account)
      return account
    },
    createUserWithAccount(user, account) {
      return db.transaction().execute(async (trx) => {
        const created = await insertUser(sql, trx, user)
        await insertAccount(sql, trx, { ...account, userId: created.id })
        return created
      })
    },
    async unlinkAccount({ provider, providerAccountId }) {
      const row = await accountRow(provider, providerAccountId)
      await db
        .deleteFrom('accounts')
        .where('provider', '=', provider)
        .where('providerAccountId', '=', providerAccountId)
        .execute()
      return row ? toAccount(row) : undefined
    },
    async getAccount(providerAccountId, provider) {
      const row = await accountRow(provider, providerAccountId)
      return row ? toAccount(row) : null
    },
    async updateAccount(account) {
      const set = accountColumns(account)
      if (Object.keys(set).length > 0) {
        await db
          .updateTable('accounts')
          .set(set)
          .where('provider', '=', account.provider)
          .where('providerAccountId', '=', account.providerAccountId)
          .execute()
      }
      const row = await accountRow(account.provider, account.providerAccountId)
      return row ? toAccount(row) : null
    },
    async listAccounts(userId) {
      const rows = await db.selectFrom('accounts').selectAll().where('userId', '=', userId).execute()
      return rows.map(toAccount)
    },
  }
}
