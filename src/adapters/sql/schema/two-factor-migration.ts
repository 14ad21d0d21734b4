import type { Migration } from '../migrations.js'

// Version 9 (issue #24): one row per user with two-factor sign-in. The secret is sealed by Gatehouse before it gets
// here (a key derived from the configuration's secret), so the column holds ciphertext only. `lastUsedStep` makes a
// TOTP code single use: the adapter writes a later step only (one conditional UPDATE, atomic on every dialect).
// `backupCodes` holds the unused codes' hashes, space-separated, replaced by compare-and-set. The row goes with its
// user (ON DELETE CASCADE). On PostgreSQL "userId" takes the type users.id has (SERIAL in an Auth.js database), as
// the authenticators table of version 3 does.
const postgres = [
  `DO $$ BEGIN EXECUTE format('CREATE TABLE IF NOT EXISTS two_factor (
    "userId" %s NOT NULL PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    secret TEXT NOT NULL,
    enabled BOOLEAN NOT NULL,
    "lastUsedStep" BIGINT,
    "backupCodes" TEXT NOT NULL,
    "trustedDevicesVersion" INTEGER NOT NULL DEFAULT 0
  )', (SELECT format_type(atttypid, atttypmod) FROM pg_attribute
       WHERE attrelid = 'users'::regclass AND attname = 'id')); END $$`,
]

// MySQL commits DDL at once: one complete CREATE TABLE, which a crashed run simply repeats.
const mysql = [
  `CREATE TABLE IF NOT EXISTS two_factor (
    userId VARCHAR(64) NOT NULL PRIMARY KEY,
    secret TEXT NOT NULL,
    enabled BOOLEAN NOT NULL,
    lastUsedStep BIGINT,
    backupCodes TEXT NOT NULL,
    trustedDevicesVersion INT NOT NULL DEFAULT 0,
    CONSTRAINT two_factor_user_fk FOREIGN KEY (userId) REFERENCES users (id) ON DELETE CASCADE
  ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`,
]

const sqlite = [
  `CREATE TABLE IF NOT EXISTS two_factor (
    "userId" TEXT NOT NULL PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    secret TEXT NOT NULL,
    enabled INTEGER NOT NULL,
    "lastUsedStep" INTEGER,
    "backupCodes" TEXT NOT NULL,
    "trustedDevicesVersion" INTEGER NOT NULL DEFAULT 0
  )`,
]

/** Schema version 9: the `two_factor` table (TOTP secret, last used step, backup code hashes, trusted devices). */
export const twoFactorMigration: Migration = Object.freeze({
  version: 9,
  name: 'two-factor sign-in',
  statements: { postgres, mysql, sqlite },
})
