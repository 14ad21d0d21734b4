import type { Kysely, Selectable } from 'kysely'
import type {
  Adapter,
  AdapterAccount,
  AdapterAuthenticator,
  AdapterSession,
  AdapterUser,
  VerificationToken,
} from '../adapter.js'
import type {
  AccountsTable,
  AuthenticatorsTable,
  DatabaseSchema,
  StoredDate,
  StoredText,
  UsersTable,
} from './database-schema.js'
import { pruneExpired } from './prune-expired.js'
import { schedulePrune, type PruneOptions } from './prune-schedule.js'
import type { SqlDialect } from './sql-dialect.js'

/** The methods the SQL adapter implements: every one, WebAuthn authenticators included. */
/**
 * A Gatehouse SQL adapter: every method of the adapter interface, and `stopPruning()`, which ends the prune
 * interval of the `pruneEvery` option (nothing to end without one).
 */
export type SqlAdapter = Required<Adapter> & { stopPruning(): void }

const ACCOUNT_COLUMNS = [
  'refresh_token',
  'access_token',
  'expires_at',
  'id_token',
  'scope',
  'session_state',
  'token_type',
] as const

function toDate(value: StoredDate): Date {
  return value instanceof Date
    ? value
    : new Date(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value)
}

/**
 * A column read back as text. On MySQL/MariaDB the token, provider and e-mail columns are VARBINARY (so that they
 * compare byte for byte), which `mysql2` returns as a Buffer of the UTF-8 bytes written.
 */
function text(value: StoredText): string {
  return typeof value === 'string' ? value : Buffer.from(value).toString('utf8')
}

function toSession(row: {
  sessionToken: StoredText
  userId: string | number
  expires: StoredDate
}): AdapterSession {
  return { sessionToken: text(row.sessionToken), userId: String(row.userId), expires: toDate(row.expires) }
}

function toUser(row: Selectable<UsersTable>): AdapterUser {
  return {
    id: String(row.id),
    name: row.name,
    email: (row.email === null ? null : text(row.email)) as string,
    emailVerified: row.emailVerified === null ? null : toDate(row.emailVerified),
    image: row.image,
  }
}

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

function toVerificationToken(row: {
  identifier: StoredText
  token: StoredText
  expires: StoredDate
}): VerificationToken {
  return { identifier: text(row.identifier), token: text(row.token), expires: toDate(row.expires) }
}

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

type TokenColumns = Partial<Pick<AccountsTable, (typeof ACCOUNT_COLUMNS)[number]>>

function accountColumns(account: Partial<AdapterAccount>): TokenColumns {
  const out: Record<string, string | number | null> = {}
  for (const column of ACCOUNT_COLUMNS) {
    const value = account[column]
    if (value === undefined) continue
    out[column] = value === null ? null : column === 'expires_at' ? Number(value) : String(value)
  }
  return out
}

/** The query behind `getSessionAndUser`; SQLiteAdapter compiles it once and keeps it as a prepared statement. */
export function sessionAndUserQuery(db: Kysely<DatabaseSchema>, sessionToken: string) {
  // One indexed query per session check: the join rides the unique index on sessionToken and the users PK.
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select([
      'sessions.sessionToken',
      'sessions.expires',
      'users.id',
      'users.name',
      'users.email',
      'users.emailVerified',
      'users.image',
    ])
    .where('sessions.sessionToken', '=', sessionToken)
}

/** A row of {@link sessionAndUserQuery} as the adapter result. */
export function toSessionAndUser(
  row: Omit<Selectable<UsersTable>, never> & { sessionToken: StoredText; expires: StoredDate },
): { session: AdapterSession; user: AdapterUser } {
  const user = toUser(row)
  return {
    session: { sessionToken: text(row.sessionToken), userId: user.id, expires: toDate(row.expires) },
    user,
  }
}

/**
 * The Auth.js adapter over a Kysely database with the Gatehouse schema (or the Auth.js reference schema), one
 * implementation for SQLite, PostgreSQL and MySQL/MariaDB. Each lookup is one indexed query; single-use and
 * multi-table changes are atomic.
 */
export function kyselyAdapter(
  db: Kysely<DatabaseSchema>,
  dialect: SqlDialect,
  pruning: PruneOptions = {},
): SqlAdapter {
  // SQLite has no date type: epoch milliseconds keep ordering and precision.
  const date = (value: Date): StoredDate => (dialect === 'sqlite' ? value.getTime() : value)
  // MySQL has no RETURNING; MariaDB has, but one code path for both is simpler to trust.
  const returning = dialect !== 'mysql'
  // PostgreSQL generates ids itself, so inserts also work on an Auth.js database whose ids are SERIAL integers.
  const newId = (): { id?: string } => (dialect === 'postgres' ? {} : { id: crypto.randomUUID() })

  const getUser = async (id: string) => {
    const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
    return row ? toUser(row) : null
  }
  const getSession = async (sessionToken: string): Promise<AdapterSession | null> => {
    const row = await db
      .selectFrom('sessions')
      .select(['sessionToken', 'userId', 'expires'])
      .where('sessionToken', '=', sessionToken)
      .executeTakeFirst()
    return row ? toSession(row) : null
  }

  const getAuthenticator = async (credentialID: string) => {
    const row = await db
      .selectFrom('authenticators')
      .selectAll()
      .where('credentialID', '=', credentialID)
      .executeTakeFirst()
    return row ? toAuthenticator(row) : null
  }

  const insertUser = async (executor: Kysely<DatabaseSchema>, user: AdapterUser): Promise<AdapterUser> => {
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
  const accountRow = (provider: string, providerAccountId: string) =>
    db
      .selectFrom('accounts')
      .selectAll()
      .where('provider', '=', provider)
      .where('providerAccountId', '=', providerAccountId)
      .executeTakeFirst()
  const insertAccount = async (executor: Kysely<DatabaseSchema>, account: AdapterAccount): Promise<void> => {
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

  return {
    stopPruning: schedulePrune(() => pruneExpired(db, dialect), pruning),
    createUser: (user) => insertUser(db, user),
    getUser,
    async getUserByEmail(email) {
      const row = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst()
      return row ? toUser(row) : null
    },
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
    async linkAccount(account) {
      await insertAccount(db, account)
      return account
    },
    createUserWithAccount(user, account) {
      return db.transaction().execute(async (trx) => {
        const created = await insertUser(trx, user)
        await insertAccount(trx, { ...account, userId: created.id })
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
      const row = await db
        .selectFrom('accounts')
        .selectAll()
        .where('provider', '=', account.provider)
        .where('providerAccountId', '=', account.providerAccountId)
        .executeTakeFirst()
      return row ? toAccount(row) : null
    },
    async createSession(session) {
      await db
        .insertInto('sessions')
        .values({
          ...newId(),
          userId: session.userId,
          expires: date(session.expires),
          sessionToken: session.sessionToken,
        })
        .execute()
      return { ...session }
    },
    async getSessionAndUser(sessionToken) {
      const row = await sessionAndUserQuery(db, sessionToken).executeTakeFirst()
      return row ? toSessionAndUser(row) : null
    },
    async updateSession({ sessionToken, expires, userId }) {
      const set: { expires?: StoredDate; userId?: string } = {}
      if (expires !== undefined) set.expires = date(expires)
      if (userId !== undefined) set.userId = userId
      if (Object.keys(set).length === 0) return getSession(sessionToken)
      const query = db.updateTable('sessions').set(set).where('sessionToken', '=', sessionToken)
      if (returning) {
        const row = await query.returning(['sessionToken', 'userId', 'expires']).executeTakeFirst()
        return row ? toSession(row) : null
      }
      const result = await query.executeTakeFirst()
      return result.numUpdatedRows > 0n ? getSession(sessionToken) : null
    },
    async deleteSession(sessionToken) {
      const query = db.deleteFrom('sessions').where('sessionToken', '=', sessionToken)
      if (returning) {
        const row = await query.returning(['sessionToken', 'userId', 'expires']).executeTakeFirst()
        return row ? toSession(row) : null
      }
      // MySQL has no RETURNING: read the row and delete it in one transaction, so the caller still gets what was
      // deleted (events.signOut reports it).
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('sessions')
          .select(['sessionToken', 'userId', 'expires'])
          .where('sessionToken', '=', sessionToken)
          .forUpdate()
          .executeTakeFirst()
        if (!row) return null
        await trx.deleteFrom('sessions').where('sessionToken', '=', sessionToken).execute()
        return toSession(row)
      })
    },
    async listSessions(userId) {
      const rows = await db
        .selectFrom('sessions')
        .select(['sessionToken', 'userId', 'expires'])
        .where('userId', '=', userId)
        .execute()
      return rows.map(toSession)
    },
    async deleteSessions(userId) {
      await db.deleteFrom('sessions').where('userId', '=', userId).execute()
    },
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
    getAuthenticator: (credentialID) => getAuthenticator(credentialID),
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
    async listAccounts(userId) {
      const rows = await db.selectFrom('accounts').selectAll().where('userId', '=', userId).execute()
      return rows.map(toAccount)
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
