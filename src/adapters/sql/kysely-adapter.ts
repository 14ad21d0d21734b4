import type { Kysely } from 'kysely'
import type { Adapter } from '../adapter.js'
import type { DatabaseSchema } from './database-schema.js'
import { pruneExpired } from './prune-expired.js'
import { schedulePrune, type PruneOptions } from './prune-schedule.js'
import { sqlContext } from './sql-context.js'
import type { SqlDialect } from './sql-dialect.js'
import { accountsTable } from './tables/accounts.js'
import { authenticatorsTable } from './tables/authenticators.js'
import { passwordsTable } from './tables/passwords.js'
import { auditEventsTable } from './tables/audit-events.js'
import { jwtSessionsTable } from './tables/jwt-sessions.js'
import { sessionRevocationsTable } from './tables/session-revocations.js'
import { sessionsTable } from './tables/sessions.js'
import { twoFactorTable } from './tables/two-factor.js'
import { usersTable } from './tables/users.js'
import { verificationTokensTable } from './tables/verification-tokens.js'

/**
 * A Gatehouse SQL adapter: every method of the adapter interface, and `stopPruning()`, which ends the prune
 * interval of the `pruneEvery` option (nothing to end without one).
 */
export type SqlAdapter = Required<Adapter> & { stopPruning(): void }

/**
 * The Auth.js adapter over a Kysely database with the Gatehouse schema (or the Auth.js reference schema), one
 * implementation for SQLite, PostgreSQL and MySQL/MariaDB, composed of one module per table (`tables/`). Each
 * lookup is one indexed query; single-use and multi-table changes are atomic.
 */
export function kyselyAdapter(
  db: Kysely<DatabaseSchema>,
  dialect: SqlDialect,
  pruning: PruneOptions = {},
): SqlAdapter {
  const sql = sqlContext(db, dialect)
  // `SqlAdapter` is every method of the interface: a method no table provides fails to compile here.
  return {
    stopPruning: schedulePrune(() => pruneExpired(db, dialect), pruning),
    ...usersTable(sql),
    ...accountsTable(sql),
    ...sessionsTable(sql),
    ...verificationTokensTable(sql),
    ...authenticatorsTable(sql),
    ...passwordsTable(sql),
    ...sessionRevocationsTable(sql),
    ...jwtSessionsTable(sql),
    ...auditEventsTable(sql),
    ...twoFactorTable(sql),
  }
}
