/**
 * Schema version 7 (issue #25): what people see of their sessions, and the audit trail.
 *
 * - `sessions` gains nullable `createdAt`, `lastSeenAt`, `userAgent` and `clientAddress` columns: Auth.js's
 *   adapters neither read nor write them, so a database shared with them keeps working.
 * - `jwt_sessions`: the same of a JWT session, keyed by its session id (the token's `gh_sid`).
 * - `audit_events`: the append-only account log.
 *
 * PostgreSQL and SQLite run a version in one transaction; MySQL commits DDL at once, so its ALTERs run only while
 * the column is missing (a crashed run can run again; MySQL 8 has no ADD COLUMN IF NOT EXISTS).
 *
 * @module
 */
import type { SqlDialect } from '../sql-dialect.js'

const SESSION_COLUMNS = ['createdAt', 'lastSeenAt', 'userAgent', 'clientAddress'] as const

const postgresTypes: Record<(typeof SESSION_COLUMNS)[number], string> = {
  createdAt: 'TIMESTAMPTZ',
  lastSeenAt: 'TIMESTAMPTZ',
  userAgent: 'TEXT',
  clientAddress: 'TEXT',
}
const mysqlTypes: Record<(typeof SESSION_COLUMNS)[number], string> = {
  createdAt: 'DATETIME(3) NULL',
  lastSeenAt: 'DATETIME(3) NULL',
  userAgent: 'VARCHAR(512) NULL',
  clientAddress: 'VARCHAR(64) NULL',
}
const sqliteTypes: Record<(typeof SESSION_COLUMNS)[number], string> = {
  createdAt: 'INTEGER',
  lastSeenAt: 'INTEGER',
  userAgent: 'TEXT',
  clientAddress: 'TEXT',
}

const postgres = [
  ...SESSION_COLUMNS.map((c) => `ALTER TABLE sessions ADD COLUMN IF NOT EXISTS "${c}" ${postgresTypes[c]}`),
  `CREATE TABLE IF NOT EXISTS jwt_sessions (
    id TEXT PRIMARY KEY,
    "userId" TEXT NOT NULL,
    generation INTEGER NOT NULL,
    "createdAt" TIMESTAMPTZ NOT NULL,
    "lastSeenAt" TIMESTAMPTZ NOT NULL,
    expires TIMESTAMPTZ NOT NULL,
    "userAgent" TEXT,
    "clientAddress" TEXT
  )`,
  `CREATE INDEX IF NOT EXISTS jwt_sessions_user_id_idx ON jwt_sessions ("userId")`,
  `CREATE INDEX IF NOT EXISTS jwt_sessions_expires_idx ON jwt_sessions (expires)`,
  `CREATE TABLE IF NOT EXISTS audit_events (
    id TEXT PRIMARY KEY,
    "userId" TEXT,
    type TEXT NOT NULL,
    outcome TEXT NOT NULL,
    reason TEXT,
    provider TEXT,
    "clientAddress" TEXT,
    "userAgent" TEXT,
    "createdAt" TIMESTAMPTZ NOT NULL
  )`,
  `CREATE INDEX IF NOT EXISTS audit_events_user_created_idx ON audit_events ("userId", "createdAt")`,
  `CREATE INDEX IF NOT EXISTS audit_events_created_idx ON audit_events ("createdAt")`,
]

const mysql = [
  ...SESSION_COLUMNS.flatMap((c, i) => {
    const v = `@gatehouse_v7_${i}`
    return [
      `SET ${v} = (SELECT IF(COUNT(*) = 0, 'ALTER TABLE sessions ADD COLUMN ${c} ${mysqlTypes[c]}', 'DO 0')
        FROM information_schema.columns
        WHERE table_schema = DATABASE() AND table_name = 'sessions' AND column_name = '${c}')`,
      `PREPARE gatehouse_v7 FROM ${v}`,
      `EXECUTE gatehouse_v7`,
      `DEALLOCATE PREPARE gatehouse_v7`,
    ]
  }),
  `CREATE TABLE IF NOT EXISTS jwt_sessions (
    id VARCHAR(64) NOT NULL PRIMARY KEY,
    userId VARCHAR(255) NOT NULL,
    generation INT NOT NULL,
    createdAt DATETIME(3) NOT NULL,
    lastSeenAt DATETIME(3) NOT NULL,
    expires DATETIME(3) NOT NULL,
    userAgent VARCHAR(512) NULL,
    clientAddress VARCHAR(64) NULL,
    KEY jwt_sessions_user_id_idx (userId),
    KEY jwt_sessions_expires_idx (expires)
  ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`,
  `CREATE TABLE IF NOT EXISTS audit_events (
    id VARCHAR(64) NOT NULL PRIMARY KEY,
    userId VARCHAR(255) NULL,
    type VARCHAR(64) NOT NULL,
    outcome VARCHAR(16) NOT NULL,
    reason VARCHAR(128) NULL,
    provider VARCHAR(191) NULL,
    clientAddress VARCHAR(64) NULL,
    userAgent VARCHAR(512) NULL,
    createdAt DATETIME(3) NOT NULL,
    KEY audit_events_user_created_idx (userId, createdAt),
    KEY audit_events_created_idx (createdAt)
  ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`,
]

const sqlite = [
  ...SESSION_COLUMNS.map((c) => `ALTER TABLE sessions ADD COLUMN ${c} ${sqliteTypes[c]}`),
  `CREATE TABLE IF NOT EXISTS jwt_sessions (
    id TEXT PRIMARY KEY,
    userId TEXT NOT NULL,
    generation INTEGER NOT NULL,
    createdAt INTEGER NOT NULL,
    lastSeenAt INTEGER NOT NULL,
    expires INTEGER NOT NULL,
    userAgent TEXT,
    clientAddress TEXT
  )`,
  `CREATE INDEX IF NOT EXISTS jwt_sessions_user_id_idx ON jwt_sessions (userId)`,
  `CREATE INDEX IF NOT EXISTS jwt_sessions_expires_idx ON jwt_sessions (expires)`,
  `CREATE TABLE IF NOT EXISTS audit_events (
    id TEXT PRIMARY KEY,
    userId TEXT,
    type TEXT NOT NULL,
    outcome TEXT NOT NULL,
    reason TEXT,
    provider TEXT,
    clientAddress TEXT,
    userAgent TEXT,
    createdAt INTEGER NOT NULL
  )`,
  `CREATE INDEX IF NOT EXISTS audit_events_user_created_idx ON audit_events (userId, createdAt)`,
  `CREATE INDEX IF NOT EXISTS audit_events_created_idx ON audit_events (createdAt)`,
]

/** The statements of schema version 7, per dialect. */
export const sessionMetadataStatements: Readonly<Record<SqlDialect, readonly string[]>> = {
  postgres,
  mysql,
  sqlite,
}
