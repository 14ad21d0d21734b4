import { sharedStateStatements } from './schema/shared-state.js'
import { passwordsSchema } from './schema/passwords.js'
import { sessionMetadataStatements } from './schema/session-metadata.js'
import { sessionRevocationStatements } from './schema/session-revocations.js'
import { twoFactorMigration } from './schema/two-factor-migration.js'
import type { SqlDialect } from './sql-dialect.js'

/** One schema version: statements per dialect, each idempotent so that a crashed run can simply run again. */
export interface Migration {
  readonly version: number
  readonly name: string
  readonly statements: Readonly<Record<SqlDialect, readonly string[]>>
}

// PostgreSQL keeps the Auth.js reference schema (packages/adapter-pg/schema.sql) column for column, so that
// @auth/pg-adapter and Gatehouse can share one database; ids are TEXT with a generated default, which accepts both
// Gatehouse's UUIDs and inserts that omit the id. On a database @auth/pg-adapter created (SERIAL ids), the
// CREATE TABLEs are skipped and only the missing unique constraints and indexes are added.
const postgres = [
  `CREATE TABLE IF NOT EXISTS users (
    id TEXT PRIMARY KEY DEFAULT gen_random_uuid()::text,
    name TEXT,
    email TEXT,
    "emailVerified" TIMESTAMPTZ,
    image TEXT
  )`,
  `CREATE UNIQUE INDEX IF NOT EXISTS users_email_key ON users (email)`,
  `CREATE TABLE IF NOT EXISTS accounts (
    id TEXT PRIMARY KEY DEFAULT gen_random_uuid()::text,
    "userId" TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    type TEXT NOT NULL,
    provider TEXT NOT NULL,
    "providerAccountId" TEXT NOT NULL,
    refresh_token TEXT,
    access_token TEXT,
    expires_at BIGINT,
    id_token TEXT,
    scope TEXT,
    session_state TEXT,
    token_type TEXT
  )`,
  `CREATE UNIQUE INDEX IF NOT EXISTS accounts_provider_account_key ON accounts (provider, "providerAccountId")`,
  `CREATE INDEX IF NOT EXISTS accounts_user_id_idx ON accounts ("userId")`,
  `CREATE TABLE IF NOT EXISTS sessions (
    id TEXT PRIMARY KEY DEFAULT gen_random_uuid()::text,
    "userId" TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires TIMESTAMPTZ NOT NULL,
    "sessionToken" TEXT NOT NULL
  )`,
  `CREATE UNIQUE INDEX IF NOT EXISTS sessions_token_key ON sessions ("sessionToken")`,
  `CREATE INDEX IF NOT EXISTS sessions_user_id_idx ON sessions ("userId")`,
  `CREATE TABLE IF NOT EXISTS verification_token (
    identifier TEXT NOT NULL,
    expires TIMESTAMPTZ NOT NULL,
    token TEXT NOT NULL,
    PRIMARY KEY (identifier, token)
  )`,
]

// MySQL commits DDL implicitly, so every key is declared inside its CREATE TABLE: each statement then either
// creates a complete table or does nothing. DATETIME(3) keeps milliseconds; the pool must use `timezone: 'Z'`.
const mysql = [
  `CREATE TABLE IF NOT EXISTS users (
    id VARCHAR(64) NOT NULL PRIMARY KEY,
    name VARCHAR(255),
    email VARCHAR(255),
    emailVerified DATETIME(3),
    image TEXT,
    UNIQUE KEY users_email_key (email)
  ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`,
  `CREATE TABLE IF NOT EXISTS accounts (
    id VARCHAR(64) NOT NULL PRIMARY KEY,
    userId VARCHAR(64) NOT NULL,
    type VARCHAR(32) NOT NULL,
    provider VARCHAR(191) NOT NULL,
    providerAccountId VARCHAR(191) NOT NULL,
    refresh_token TEXT,
    access_token TEXT,
    expires_at BIGINT,
    id_token TEXT,
    scope TEXT,
    session_state TEXT,
    token_type VARCHAR(64),
    UNIQUE KEY accounts_provider_account_key (provider, providerAccountId),
    KEY accounts_user_id_idx (userId),
    CONSTRAINT accounts_user_fk FOREIGN KEY (userId) REFERENCES users (id) ON DELETE CASCADE
  ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`,
  `CREATE TABLE IF NOT EXISTS sessions (
    id VARCHAR(64) NOT NULL PRIMARY KEY,
    userId VARCHAR(64) NOT NULL,
    expires DATETIME(3) NOT NULL,
    sessionToken VARCHAR(255) NOT NULL,
    UNIQUE KEY sessions_token_key (sessionToken),
    KEY sessions_user_id_idx (userId),
    CONSTRAINT sessions_user_fk FOREIGN KEY (userId) REFERENCES users (id) ON DELETE CASCADE
  ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`,
  `CREATE TABLE IF NOT EXISTS verification_token (
    identifier VARCHAR(255) NOT NULL,
    expires DATETIME(3) NOT NULL,
    token VARCHAR(255) NOT NULL,
    PRIMARY KEY (identifier, token)
  ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`,
]

// SQLite enforces foreign keys only with `PRAGMA foreign_keys = ON`, which SQLiteAdapter sets on its connection.
const sqlite = [
  `CREATE TABLE IF NOT EXISTS users (
    id TEXT NOT NULL PRIMARY KEY,
    name TEXT,
    email TEXT,
    "emailVerified" INTEGER,
    image TEXT
  )`,
  `CREATE UNIQUE INDEX IF NOT EXISTS users_email_key ON users (email)`,
  `CREATE TABLE IF NOT EXISTS accounts (
    id TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    type TEXT NOT NULL,
    provider TEXT NOT NULL,
    "providerAccountId" TEXT NOT NULL,
    refresh_token TEXT,
    access_token TEXT,
    expires_at INTEGER,
    id_token TEXT,
    scope TEXT,
    session_state TEXT,
    token_type TEXT
  )`,
  `CREATE UNIQUE INDEX IF NOT EXISTS accounts_provider_account_key ON accounts (provider, "providerAccountId")`,
  `CREATE INDEX IF NOT EXISTS accounts_user_id_idx ON accounts ("userId")`,
  `CREATE TABLE IF NOT EXISTS sessions (
    id TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires INTEGER NOT NULL,
    "sessionToken" TEXT NOT NULL
  )`,
  `CREATE UNIQUE INDEX IF NOT EXISTS sessions_token_key ON sessions ("sessionToken")`,
  `CREATE INDEX IF NOT EXISTS sessions_user_id_idx ON sessions ("userId")`,
  `CREATE TABLE IF NOT EXISTS verification_token (
    identifier TEXT NOT NULL,
    expires INTEGER NOT NULL,
    token TEXT NOT NULL,
    PRIMARY KEY (identifier, token)
  )`,
]

// Version 2 (issue #14, finding 2): on MySQL/MariaDB, the columns looked up by a secret or an identity compare byte
// for byte. Their default collation (utf8mb4_general_ci, or a uca1400 one) ignores case, accents and trailing
// spaces, so a leaked SHA-256 with "%20" appended or one letter accented matched the stored hash as a "plain"
// token. utf8mb4_bin is not enough: it is PAD SPACE on both servers, so "hash " still equals "hash". VARBINARY
// compares every byte and pads nothing, on MySQL 5.7/8 and MariaDB alike. Four bytes per character of the former
// VARCHAR, so converting existing rows never truncates (ALTER keeps their UTF-8 bytes). MODIFY to the same type is
// a no-op, so a crashed run can simply run again. PostgreSQL (deterministic collations) and SQLite (BINARY) already
// compare exactly: nothing to do there.
const mysqlExactComparison = [
  `ALTER TABLE sessions MODIFY sessionToken VARBINARY(1020) NOT NULL`,
  `ALTER TABLE verification_token MODIFY identifier VARBINARY(1020) NOT NULL, MODIFY token VARBINARY(1020) NOT NULL`,
  `ALTER TABLE accounts MODIFY provider VARBINARY(764) NOT NULL, MODIFY providerAccountId VARBINARY(764) NOT NULL`,
  `ALTER TABLE users MODIFY email VARBINARY(1020)`,
]

// Version 3 (issue #12): WebAuthn authenticators (passkeys), with the Auth.js column names (wire-contract §2). The
// credential id (standard base64, up to 1023 bytes raw, so at most 1364 characters) is the key and compares byte for
// byte: VARBINARY on MySQL/MariaDB for the reasons of version 2; PostgreSQL and SQLite compare text exactly. A
// passkey belongs to one user and goes with them (ON DELETE CASCADE); listing a user's passkeys uses the userId index.
// On a database @auth/pg-adapter created, users.id is a SERIAL integer: "userId" takes the type users.id has, so that
// the foreign key can exist either way.
const authenticatorsPostgres = [
  `DO $$ BEGIN EXECUTE format('CREATE TABLE IF NOT EXISTS authenticators (
    "credentialID" TEXT NOT NULL PRIMARY KEY,
    "userId" %s NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    "providerAccountId" TEXT NOT NULL,
    "credentialPublicKey" TEXT NOT NULL,
    counter BIGINT NOT NULL,
    "credentialDeviceType" TEXT NOT NULL,
    "credentialBackedUp" BOOLEAN NOT NULL,
    transports TEXT
  )', (SELECT format_type(atttypid, atttypmod) FROM pg_attribute
       WHERE attrelid = 'users'::regclass AND attname = 'id')); END $$`,
  `CREATE INDEX IF NOT EXISTS authenticators_user_id_idx ON authenticators ("userId")`,
]
const authenticatorsMysql = [
  `CREATE TABLE IF NOT EXISTS authenticators (
    credentialID VARBINARY(1364) NOT NULL PRIMARY KEY,
    userId VARCHAR(64) NOT NULL,
    providerAccountId VARCHAR(1364) NOT NULL,
    credentialPublicKey TEXT NOT NULL,
    counter BIGINT NOT NULL,
    credentialDeviceType VARCHAR(32) NOT NULL,
    credentialBackedUp BOOLEAN NOT NULL,
    transports VARCHAR(255),
    KEY authenticators_user_id_idx (userId),
    CONSTRAINT authenticators_user_fk FOREIGN KEY (userId) REFERENCES users (id) ON DELETE CASCADE
  ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`,
]
const authenticatorsSqlite = [
  `CREATE TABLE IF NOT EXISTS authenticators (
    "credentialID" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    "providerAccountId" TEXT NOT NULL,
    "credentialPublicKey" TEXT NOT NULL,
    counter INTEGER NOT NULL,
    "credentialDeviceType" TEXT NOT NULL,
    "credentialBackedUp" INTEGER NOT NULL,
    transports TEXT
  )`,
  `CREATE INDEX IF NOT EXISTS authenticators_user_id_idx ON authenticators ("userId")`,
]

// Version 4 (issue #12): a label per passkey, for the management functions (`gatehouse-auth/passkeys`). Nullable, so
// Auth.js rows and inserts without it keep working. PostgreSQL and SQLite run a version in one transaction; MySQL
// commits DDL at once, so its ALTER runs only when the column is missing (a crashed run can run again; MySQL 8 has
// no ADD COLUMN IF NOT EXISTS).
const authenticatorNamePostgres = [`ALTER TABLE authenticators ADD COLUMN IF NOT EXISTS name TEXT`]
const authenticatorNameMysql = [
  `SET @gatehouse_v4 = (SELECT IF(COUNT(*) = 0, 'ALTER TABLE authenticators ADD COLUMN name VARCHAR(255) NULL', 'DO 0')
    FROM information_schema.columns
    WHERE table_schema = DATABASE() AND table_name = 'authenticators' AND column_name = 'name')`,
  `PREPARE gatehouse_v4 FROM @gatehouse_v4`,
  `EXECUTE gatehouse_v4`,
  `DEALLOCATE PREPARE gatehouse_v4`,
]
const authenticatorNameSqlite = [`ALTER TABLE authenticators ADD COLUMN name TEXT`]

/** Every schema version, oldest first. Append new versions; never edit a released one. */
export const migrations: readonly Migration[] = Object.freeze([
  {
    version: 1,
    name: 'users, accounts, sessions, verification tokens',
    statements: { postgres, mysql, sqlite },
  },
  {
    version: 2,
    name: 'exact comparison of tokens, provider account ids and e-mails',
    statements: { postgres: [], mysql: mysqlExactComparison, sqlite: [] },
  },
  {
    version: 3,
    name: 'WebAuthn authenticators (passkeys)',
    statements: {
      postgres: authenticatorsPostgres,
      mysql: authenticatorsMysql,
      sqlite: authenticatorsSqlite,
    },
  },
  {
    version: 4,
    name: 'a name per passkey',
    statements: {
      postgres: authenticatorNamePostgres,
      mysql: authenticatorNameMysql,
      sqlite: authenticatorNameSqlite,
    },
  },
  { version: 5, name: 'password hashes (the Password provider)', statements: passwordsSchema },
  { version: 6, name: 'revocable JWT sessions', statements: sessionRevocationStatements },
  {
    version: 7,
    name: 'session metadata, JWT session records and the audit trail',
    statements: sessionMetadataStatements,
  },
  {
    version: 8,
    name: 'shared counters and single-use values (SqlStore)',
    statements: sharedStateStatements,
  },
  twoFactorMigration,
])
