import type Database from 'better-sqlite3'
import type { Pool as MySqlPool } from 'mysql2'
import type pg from 'pg'
import { afterAll, beforeAll, describe, it } from 'vitest'
import type {
  AdapterAccount,
  AdapterAuthenticator,
  AdapterSession,
  AdapterUser,
  VerificationToken,
} from '../../src/adapters/adapter.js'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import * as mysqlAdapter from '../../src/adapters/mysql.js'
import * as postgresAdapter from '../../src/adapters/postgres.js'
import * as sqliteAdapter from '../../src/adapters/sqlite.js'
import { adapterConformance, type AdapterCapability, type ConformanceDb } from '../../src/testing/index.js'
import { databaseAvailable, freshMariaDb, freshPostgres, freshSqlite } from '../support/test-databases.js'

const runner = {
  describe,
  it,
  beforeAll,
  afterAll,
  // Reported as skipped with the reason (Vitest shows the note), never as passed.
  skip: (name: string, reason: string) => it(name, (ctx) => ctx.skip(reason)),
}

/** The optional capabilities Gatehouse's SQL adapters have: all of them. */
const sqlCapabilities: AdapterCapability[] = [
  'getAccount',
  'updateAccount',
  'createUserWithAccount',
  'listSessions',
  'authenticators',
  'passkeyManagement',
  'passwords',
  'sessionRevocations',
  'sessionRecords',
  'auditEvents',
  'twoFactor',
]
type Row = Record<string, unknown>
type Query = (text: string, params: unknown[]) => Row[] | Promise<Row[]>

const date = (v: unknown) => (v instanceof Date ? v : new Date(Number(v)))
const str = (v: unknown) => (typeof v === 'string' ? v : Buffer.isBuffer(v) ? v.toString('utf8') : null)
// MySQL/MariaDB keep tokens, provider ids and e-mails as VARBINARY (exact comparison); mysql2 reads bytes.
const text = (v: unknown) => (Buffer.isBuffer(v) ? v.toString('utf8') : v)

/** Raw reads with the suite's own SQL; `q` quotes an identifier, `p(n)` is the n-th placeholder. */
function rawReads(query: Query, q: (id: string) => string, p: (n: number) => string): ConformanceDb {
  return {
    async user(id) {
      const [r] = await query(`SELECT * FROM users WHERE id = ${p(1)}`, [id])
      if (!r) return null
      const v = r[q('emailVerified').replace(/["`]/g, '')] ?? r.emailVerified
      return {
        id: String(r.id),
        name: str(r.name),
        email: text(r.email) as string,
        image: str(r.image),
        emailVerified: v === null || v === undefined ? null : date(v),
      } satisfies AdapterUser
    },
    async account({ provider, providerAccountId }) {
      const [r] = await query(
        `SELECT * FROM accounts WHERE provider = ${p(1)} AND ${q('providerAccountId')} = ${p(2)}`,
        [provider, providerAccountId],
      )
      if (!r) return null
      const account: Row = {
        userId: String(r.userId),
        type: r.type,
        provider: text(r.provider),
        providerAccountId: text(r.providerAccountId),
      }
      for (const c of [
        'refresh_token',
        'access_token',
        'expires_at',
        'id_token',
        'scope',
        'session_state',
        'token_type',
      ]) {
        if (r[c] !== null && r[c] !== undefined) account[c] = c === 'expires_at' ? Number(r[c]) : r[c]
      }
      return account as unknown as AdapterAccount
    },
    async session(token) {
      const [r] = await query(`SELECT * FROM sessions WHERE ${q('sessionToken')} = ${p(1)}`, [token])
      return r
        ? ({
            id: String(r.id),
            sessionToken: text(r.sessionToken) as string,
            userId: String(r.userId),
            expires: date(r.expires),
          } satisfies AdapterSession)
        : null
    },
    async verificationToken({ identifier, token }) {
      const [r] = await query(
        `SELECT * FROM verification_token WHERE identifier = ${p(1)} AND token = ${p(2)}`,
        [identifier, token],
      )
      return r
        ? ({
            identifier: text(r.identifier) as string,
            token: text(r.token) as string,
            expires: date(r.expires),
          } satisfies VerificationToken)
        : null
    },
    async authenticator(credentialID) {
      const [r] = await query(`SELECT * FROM authenticators WHERE ${q('credentialID')} = ${p(1)}`, [
        credentialID,
      ])
      if (!r) return null
      const authenticator: AdapterAuthenticator = {
        userId: String(r.userId),
        providerAccountId: r.providerAccountId as string,
        counter: Number(r.counter),
        credentialBackedUp: Boolean(r.credentialBackedUp),
        credentialID: text(r.credentialID) as string,
        credentialPublicKey: r.credentialPublicKey as string,
        credentialDeviceType: r.credentialDeviceType as string,
      }
      if (r.transports !== null && r.transports !== undefined)
        authenticator.transports = r.transports as string
      if (r.name !== null && r.name !== undefined) authenticator.name = r.name as string
      return authenticator
    },
    async passwordHash(userId) {
      const [r] = await query(`SELECT hash FROM passwords WHERE ${q('userId')} = ${p(1)}`, [userId])
      return r ? (r.hash as string) : null
    },
    async twoFactor(userId) {
      const [r] = await query(`SELECT * FROM two_factor WHERE ${q('userId')} = ${p(1)}`, [userId])
      if (!r) return null
      const codes = String(r.backupCodes)
      return {
        userId: String(r.userId),
        secret: String(r.secret),
        enabled: Boolean(r.enabled),
        lastUsedStep: r.lastUsedStep === null ? null : Number(r.lastUsedStep),
        backupCodes: codes === '' ? [] : codes.split(' '),
        trustedDevicesVersion: Number(r.trustedDevicesVersion),
      }
    },
  }
}

/** The conformance suite on the memory adapter, reading its maps. */
export function memorySuite(): void {
  const adapter = MemoryAdapter()
  const { store } = adapter
  adapterConformance({
    name: 'memory',
    adapter: () => adapter,
    runner,
    capabilities: sqlCapabilities,
    db: {
      user: (id) => store.users.get(id) ?? null,
      account: (r) => store.accounts.get(`${r.provider}:${r.providerAccountId}`) ?? null,
      session: (t) => store.sessions.get(t) ?? null,
      verificationToken: (r) => store.verificationTokens.get(`${r.identifier}:${r.token}`) ?? null,
      authenticator: (id) => store.authenticators.get(id) ?? null,
      passwordHash: (id) => store.passwords.get(id) ?? null,
      twoFactor: (id) => store.twoFactor.get(id) ?? null,
    },
  })
}

/** The conformance suite on SQLite (in memory). */
export function sqliteSuite(): void {
  let database: Database.Database
  const query: Query = (text, params) => database.prepare(text).all(...params) as Row[]
  adapterConformance({
    name: 'sqlite',
    capabilities: sqlCapabilities,
    adapter: () => sqliteAdapter.SQLiteAdapter(database),
    runner,
    db: {
      ...rawReads(
        query,
        (id) => `"${id}"`,
        () => '?',
      ),
      async connect() {
        database = freshSqlite()
        await sqliteAdapter.migrate(database)
      },
      disconnect: () => void database.close(),
    },
  })
}

/** The conformance suite on the local PostgreSQL server, in a fresh schema. */
export async function postgresSuite(): Promise<void> {
  const available = await databaseAvailable('postgres')
  let pool: pg.Pool
  let drop = async () => {}
  const query: Query = async (text, params) => (await pool.query(text, params)).rows as Row[]
  describe.skipIf(!available)('postgres', () => {
    adapterConformance({
      name: 'postgres',
      capabilities: sqlCapabilities,
      adapter: () => postgresAdapter.PostgresAdapter(pool),
      runner,
      db: {
        ...rawReads(
          query,
          (id) => `"${id}"`,
          (n) => `$${n}`,
        ),
        async connect() {
          const fresh = await freshPostgres()
          pool = fresh.pool
          drop = fresh.drop
          await postgresAdapter.migrate(pool)
        },
        disconnect: () => drop(),
      },
    })
  })
}

/** The conformance suite on the local MariaDB server, in a fresh database. */
export async function mariadbSuite(): Promise<void> {
  const available = await databaseAvailable('mariadb')
  let pool: MySqlPool
  let drop = async () => {}
  const query: Query = async (text, params) => (await pool.promise().query(text, params))[0] as Row[]
  describe.skipIf(!available)('mariadb', () => {
    adapterConformance({
      name: 'mariadb',
      capabilities: sqlCapabilities,
      adapter: () => mysqlAdapter.MySQLAdapter(pool),
      runner,
      db: {
        ...rawReads(
          query,
          (id) => `\`${id}\``,
          () => '?',
        ),
        async connect() {
          const fresh = await freshMariaDb()
          pool = fresh.pool
          drop = fresh.drop
          await mysqlAdapter.migrate(pool)
        },
        disconnect: () => drop(),
      },
    })
  })
}
