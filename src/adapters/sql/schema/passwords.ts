import type { SqlDialect } from '../sql-dialect.js'

// Version 5 (issue #23): password hashes in a table of their own, so that a database shared with Auth.js keeps its
// schema untouched (Auth.js never reads or writes it). One row per user, keyed by the user, going with the user
// (ON DELETE CASCADE). The hash is a PHC string (argon2id: about 100 characters) or a legacy hash an application
// imported; 255 characters hold any of them. On a database @auth/pg-adapter created, users.id is a SERIAL integer:
// "userId" takes the type users.id has, so that the foreign key can exist either way.
const postgres = [
  `DO $$ BEGIN EXECUTE format('CREATE TABLE IF NOT EXISTS passwords (
    "userId" %s NOT NULL PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    hash TEXT NOT NULL,
    "updatedAt" TIMESTAMPTZ NOT NULL
  )', (SELECT format_type(atttypid, atttypmod) FROM pg_attribute
       WHERE attrelid = 'users'::regclass AND attname = 'id')); END $$`,
]
const mysql = [
  `CREATE TABLE IF NOT EXISTS passwords (
    userId VARCHAR(64) NOT NULL PRIMARY KEY,
    hash VARCHAR(255) NOT NULL,
    updatedAt DATETIME(3) NOT NULL,
    CONSTRAINT passwords_user_fk FOREIGN KEY (userId) REFERENCES users (id) ON DELETE CASCADE
  ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`,
]
const sqlite = [
  `CREATE TABLE IF NOT EXISTS passwords (
    "userId" TEXT NOT NULL PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    hash TEXT NOT NULL,
    "updatedAt" INTEGER NOT NULL
  )`,
]

/** Schema version 5: the `passwords` table of the `Password` provider. */
export const passwordsSchema: Readonly<Record<SqlDialect, readonly string[]>> = Object.freeze({
  postgres,
  mysql,
  sqlite,
})
