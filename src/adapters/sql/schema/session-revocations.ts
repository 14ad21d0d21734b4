/**
 * Schema version 6 (issue #25): revocable JWT sessions. Per user a session generation, and the JWT session ids
 * revoked one by one until their tokens would have expired anyway. No foreign key to `users`: a JWT session's user
 * (a Credentials `authorize` result, say) need not have a row there. Each statement is idempotent.
 *
 * @module
 */
import type { SqlDialect } from '../sql-dialect.js'

const postgres = [
  `CREATE TABLE IF NOT EXISTS session_generations (
    "userId" TEXT PRIMARY KEY,
    generation INTEGER NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS session_revocations (
    "sessionId" TEXT PRIMARY KEY,
    "userId" TEXT NOT NULL,
    expires TIMESTAMPTZ NOT NULL
  )`,
  `CREATE INDEX IF NOT EXISTS session_revocations_user_id_idx ON session_revocations ("userId")`,
  `CREATE INDEX IF NOT EXISTS session_revocations_expires_idx ON session_revocations (expires)`,
]

// Keys inside CREATE TABLE: MySQL commits DDL at once, so each statement creates a complete table or nothing.
const mysql = [
  `CREATE TABLE IF NOT EXISTS session_generations (
    userId VARCHAR(255) NOT NULL PRIMARY KEY,
    generation INT NOT NULL
  ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`,
  `CREATE TABLE IF NOT EXISTS session_revocations (
    sessionId VARCHAR(64) NOT NULL PRIMARY KEY,
    userId VARCHAR(255) NOT NULL,
    expires DATETIME(3) NOT NULL,
    KEY session_revocations_user_id_idx (userId),
    KEY session_revocations_expires_idx (expires)
  ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`,
]

// SQLite keeps dates as epoch milliseconds (see sql-context.ts).
const sqlite = [
  `CREATE TABLE IF NOT EXISTS session_generations (
    userId TEXT PRIMARY KEY,
    generation INTEGER NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS session_revocations (
    sessionId TEXT PRIMARY KEY,
    userId TEXT NOT NULL,
    expires INTEGER NOT NULL
  )`,
  `CREATE INDEX IF NOT EXISTS session_revocations_user_id_idx ON session_revocations (userId)`,
  `CREATE INDEX IF NOT EXISTS session_revocations_expires_idx ON session_revocations (expires)`,
]

/** The statements of schema version 6, per dialect. */
export const sessionRevocationStatements: Readonly<Record<SqlDialect, readonly string[]>> = {
  postgres,
  mysql,
  sqlite,
}
