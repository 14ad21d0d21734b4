/**
 * Issue #14, finding 2: a leaked `sessions` table must never sign anyone in, whatever the database's collation.
 * MariaDB's default collation ignores trailing spaces, case and accents; in `hashed-accept-plain` mode a cookie
 * holding the stored SHA-256 with "%20" appended, or one letter accented, was looked up as a plain token and
 * matched the victim's row. Every lookup by a secret or an identity is checked here on each real database: the
 * session token (through Auth, as an attacker would), provider account ids, verification tokens and e-mails.
 */
import type { Pool as MySqlPool } from 'mysql2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Adapter } from '../../src/adapters/adapter.js'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import * as mysql from '../../src/adapters/mysql.js'
import * as postgres from '../../src/adapters/postgres.js'
import * as sqlite from '../../src/adapters/sqlite.js'
import { migrations } from '../../src/adapters/sql/migrations.js'
import { Auth } from '../../src/auth.js'
import Credentials from '../../src/providers/credentials.js'
import { hashSessionToken } from '../../src/session/session-token-key.js'
import type { AuthConfig } from '../../src/types.js'
import { databaseAvailable, freshMariaDb, freshPostgres, freshSqlite } from '../support/test-databases.js'

interface Backend {
  adapter: Adapter
  close: () => Promise<void> | void
}

const ORIGIN = 'http://localhost:3000'

function config(adapter: Adapter): AuthConfig {
  return {
    secret: 'a-test-secret-that-is-at-least-32-characters-long',
    trustHost: true,
    adapter,
    logger: { error: () => undefined, warn: () => undefined, debug: () => undefined },
    session: { tokenStorage: 'hashed-accept-plain' },
    providers: [Credentials({ credentials: {}, authorize: () => null })],
  }
}

/** Cookie values an attacker holding the stored hash `h` would try. */
function tamperedHashes(h: string): Array<[string, string]> {
  const letter = h.search(/[a-f]/)
  const accented = `${h.slice(0, letter)}${{ a: 'á', b: 'ƀ', c: 'ç', d: 'ď', e: 'é', f: 'ƒ' }[h[letter]!]}${h.slice(letter + 1)}`
  return [
    ['the exact hash', h],
    ['the hash with a trailing space (%20)', `${h}%20`],
    ['the hash with two trailing spaces', `${h}%20%20`],
    ['the hash with a trailing tab', `${h}%09`],
    ['the hash with a trailing NUL', `${h}%00`],
    ['the hash with one letter accented', encodeURIComponent(accented)],
    ['the hash in upper case', h.toUpperCase()],
    [
      'the hash with one letter in upper case',
      `${h.slice(0, letter)}${h[letter]!.toUpperCase()}${h.slice(letter + 1)}`,
    ],
    ['the upper-case hash with a trailing space', `${h.toUpperCase()}%20`],
  ]
}

function suite(name: string, open: () => Promise<Backend>): void {
  describe(name, () => {
    let backend: Backend
    const token = `victim-${crypto.randomUUID()}`
    const hash = hashSessionToken(token)
    const expires = new Date(Math.floor(Date.now() / 1000) * 1000 + 3_600_000)
    let userId = ''

    beforeAll(async () => {
      backend = await open()
      const a = backend.adapter as Required<Adapter>
      const user = await a.createUser({
        id: '',
        name: 'Victim',
        email: 'victim@example.com',
        emailVerified: null,
      })
      userId = user.id
      await a.createSession({ sessionToken: hash, userId, expires })
      await a.linkAccount({ userId, type: 'oidc', provider: 'idp', providerAccountId: 'abc-victim' })
      await a.createVerificationToken({ identifier: 'victim@example.com', token: hash, expires })
    })
    afterAll(() => backend?.close())

    const sessionWith = async (cookie: string) => {
      const response = await Auth(
        new Request(`${ORIGIN}/auth/session`, { headers: { cookie: `authjs.session-token=${cookie}` } }),
        config(backend.adapter),
      )
      return { status: response.status, body: (await response.json()) as unknown }
    }

    for (const [what, cookie] of tamperedHashes(hash)) {
      it(`refuses ${what} as a session cookie, and leaves the victim's row alone`, async () => {
        expect(await sessionWith(cookie)).toEqual({ status: 200, body: null })
        const row = await backend.adapter.getSessionAndUser!(hash)
        expect(row?.session).toEqual({ id: expect.any(String), sessionToken: hash, userId, expires })
      })
    }

    it("the victim's own cookie still works", async () => {
      const { body } = await sessionWith(token)
      expect(body).toMatchObject({ user: { email: 'victim@example.com' } })
    })

    it('looks session rows up byte for byte', async () => {
      const a = backend.adapter as Required<Adapter>
      for (const variant of [`${hash} `, hash.toUpperCase(), `${hash}\t`]) {
        expect(await a.getSessionAndUser(variant), JSON.stringify(variant)).toBeNull()
      }
    })

    it('finds provider accounts byte for byte', async () => {
      const a = backend.adapter as Required<Adapter>
      expect(await a.getUserByAccount({ provider: 'idp', providerAccountId: 'abc-victim' })).toMatchObject({
        id: userId,
      })
      for (const [provider, providerAccountId] of [
        ['idp', 'ABC-victim'],
        ['idp', 'abc-victim '],
        ['idp', 'ábc-victim'],
        ['IDP', 'abc-victim'],
        ['idp ', 'abc-victim'],
      ] as const) {
        expect(
          await a.getUserByAccount({ provider, providerAccountId }),
          `${provider}/${providerAccountId}`,
        ).toBeNull()
        expect(await a.getAccount(providerAccountId, provider)).toBeNull()
      }
    })

    it('uses verification tokens byte for byte, and only for their exact identifier', async () => {
      const a = backend.adapter as Required<Adapter>
      for (const [identifier, t] of [
        ['victim@example.com', `${hash} `],
        ['victim@example.com', hash.toUpperCase()],
        ['VICTIM@example.com', hash],
        ['victim@example.com ', hash],
        ['victím@example.com', hash],
      ] as const) {
        expect(await a.useVerificationToken({ identifier, token: t }), `${identifier}/${t}`).toBeNull()
      }
    })

    it('matches e-mails exactly (no case, accent or trailing-space folding)', async () => {
      const a = backend.adapter as Required<Adapter>
      expect(await a.getUserByEmail('victim@example.com')).toMatchObject({ id: userId })
      for (const email of [
        'VICTIM@example.com',
        'victim@example.com ',
        'victím@example.com',
        'victim@EXAMPLE.com',
      ]) {
        expect(await a.getUserByEmail(email), email).toBeNull()
      }
    })
  })
}

suite('memory', () => Promise.resolve({ adapter: MemoryAdapter(), close: () => undefined }))

suite('sqlite', async () => {
  const db = freshSqlite()
  await sqlite.migrate(db)
  return { adapter: sqlite.SQLiteAdapter(db), close: () => void db.close() }
})

const postgresUp = await databaseAvailable('postgres')
describe.skipIf(!postgresUp)('postgres', () => {
  suite('postgres', async () => {
    const { pool, drop } = await freshPostgres()
    await postgres.migrate(pool)
    return { adapter: postgres.PostgresAdapter(pool), close: drop }
  })
})

const mariadbUp = await databaseAvailable('mariadb')
describe.skipIf(!mariadbUp)('mariadb', () => {
  suite('mariadb, new database', async () => {
    const { pool, drop } = await freshMariaDb()
    await mysql.migrate(pool)
    return { adapter: mysql.MySQLAdapter(pool), close: drop }
  })

  /** A database as Gatehouse's first schema version left it, with rows written before the upgrade. */
  async function oldSchema(pool: MySqlPool): Promise<void> {
    const db = pool.promise()
    for (const statement of migrations[0]!.statements.mysql) await db.query(statement)
    await db.query(
      `CREATE TABLE gatehouse_migrations (version INTEGER NOT NULL PRIMARY KEY, name VARCHAR(255) NOT NULL,
       applied_at TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3)) ENGINE=InnoDB`,
    )
    await db.query(`INSERT INTO gatehouse_migrations (version, name) VALUES (1, 'v1')`)
  }

  describe('a database created with the first schema', () => {
    let pool: MySqlPool
    let drop: () => Promise<void>
    const token = `old-${crypto.randomUUID()}`
    const hash = hashSessionToken(token)

    beforeAll(async () => {
      ;({ pool, drop } = await freshMariaDb())
      await oldSchema(pool)
      const a = mysql.MySQLAdapter(pool)
      const user = await a.createUser({
        id: '',
        name: 'Old',
        email: 'Old.User@example.com',
        emailVerified: null,
      })
      await a.createSession({
        sessionToken: hash,
        userId: user.id,
        expires: new Date(Date.now() + 3_600_000),
      })
      await a.linkAccount({
        userId: user.id,
        type: 'oidc',
        provider: 'idp',
        providerAccountId: 'Ünïcode-Sub',
      })
    })
    afterAll(() => drop?.())

    it('compares loosely before the migration (the attack this guards against)', async () => {
      const [rows] = await pool
        .promise()
        .query('SELECT count(*) AS n FROM sessions WHERE sessionToken = ?', [`${hash.toUpperCase()} `])
      expect(Number((rows as Array<{ n: number }>)[0]!.n)).toBe(1)
    })

    it('refuses the tampered cookies even on the loose columns: they never have a session token shape', async () => {
      // What protects a third-party adapter on a case- and pad-insensitive MySQL table: only a cookie with the shape
      // of a session token (RFC 6265 cookie-octets, not 64 hex digits) is ever looked up as it is.
      const a = mysql.MySQLAdapter(pool)
      for (const [what, cookie] of tamperedHashes(hash)) {
        const response = await Auth(
          new Request(`${ORIGIN}/auth/session`, { headers: { cookie: `authjs.session-token=${cookie}` } }),
          config(a),
        )
        expect(await response.json(), what).toBeNull()
        expect(await a.getSessionAndUser(hash), what).not.toBeNull()
      }
    })

    it('is migrated to exact comparison, keeping every row, and then refuses the attack', async () => {
      const status = await mysql.status(pool)
      expect(status.current).toBe(1)
      const result = await mysql.migrate(pool)
      expect(result.applied).toEqual(migrations.slice(1).map((m) => m.version))
      const a = mysql.MySQLAdapter(pool)
      // The rows survived the conversion, byte for byte.
      expect((await a.getSessionAndUser(hash))?.user.email).toBe('Old.User@example.com')
      expect(await a.getUserByAccount({ provider: 'idp', providerAccountId: 'Ünïcode-Sub' })).not.toBeNull()
      for (const [what, cookie] of tamperedHashes(hash)) {
        const response = await Auth(
          new Request(`${ORIGIN}/auth/session`, { headers: { cookie: `authjs.session-token=${cookie}` } }),
          config(a),
        )
        expect(await response.json(), what).toBeNull()
      }
      expect(await a.getSessionAndUser(`${hash} `)).toBeNull()
      expect(await a.getUserByAccount({ provider: 'idp', providerAccountId: 'unicode-sub' })).toBeNull()
      expect(await a.getUserByEmail('old.user@example.com')).toBeNull()
      // And the owner's cookie still works.
      const own = await Auth(
        new Request(`${ORIGIN}/auth/session`, { headers: { cookie: `authjs.session-token=${token}` } }),
        config(a),
      )
      expect(await own.json()).toMatchObject({ user: { email: 'Old.User@example.com' } })
    })

    it('running the migration again changes nothing', async () => {
      const result = await mysql.migrate(pool)
      expect(result.applied).toEqual([])
    })
  })
})
