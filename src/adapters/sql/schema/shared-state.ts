import type { SqlDialect } from '../sql-dialect.js'

/**
 * Schema version 8 (issue #26): one table for the shared state of the `stores` option kept in the adapter's
 * database (`SqlStore`): counters of the send limits and used single-use values, each row a key with an expiry. The
 * key is the primary key, so of concurrent writers of one key the database lets exactly one insert it. Expiries are
 * epoch milliseconds in a BIGINT on every dialect: the comparisons the store makes in one statement are then plain
 * integer ones, with no time zone or DATETIME precision in the way. The `expires` index serves the prune.
 *
 * MySQL/MariaDB: the key is VARBINARY (byte-for-byte comparison, as in version 2), and `key` is a reserved word
 * there, hence `state_key`.
 */
export const sharedStateStatements: Readonly<Record<SqlDialect, readonly string[]>> = {
  postgres: [
    `CREATE TABLE IF NOT EXISTS gatehouse_shared_state (
      state_key TEXT NOT NULL PRIMARY KEY,
      state_value BIGINT NOT NULL,
      expires BIGINT NOT NULL
    )`,
    `CREATE INDEX IF NOT EXISTS gatehouse_shared_state_expires_idx ON gatehouse_shared_state (expires)`,
  ],
  mysql: [
    `CREATE TABLE IF NOT EXISTS gatehouse_shared_state (
      state_key VARBINARY(255) NOT NULL PRIMARY KEY,
      state_value BIGINT NOT NULL,
      expires BIGINT NOT NULL,
      KEY gatehouse_shared_state_expires_idx (expires)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`,
  ],
  sqlite: [
    `CREATE TABLE IF NOT EXISTS gatehouse_shared_state (
      state_key TEXT NOT NULL PRIMARY KEY,
      state_value INTEGER NOT NULL,
      expires INTEGER NOT NULL
    )`,
    `CREATE INDEX IF NOT EXISTS gatehouse_shared_state_expires_idx ON gatehouse_shared_state (expires)`,
  ],
}
