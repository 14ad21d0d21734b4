/**
 * Gatehouse pointed at a database that Auth.js's @auth/pg-adapter created and filled (reference schema, SERIAL
 * ids, plain session tokens): the migration adds only the missing constraints, and the sessions keep working.
 */
import PgAdapter from '@auth/pg-adapter'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PostgresAdapter, migrate, status } from '../../src/adapters/postgres.js'
import { migrations } from '../../src/adapters/sql/migrations.js'
import { databaseAvailable, freshPostgres } from '../support/test-databases.js'
import { hashSessionToken } from '../../src/session/session-token-key.js'
import { CookieJar, jarFetch } from '../support/cookie-jar.js'
import { serveAuth } from '../support/serve-auth.js'
import { SESSION, quietLogger } from './session-flow-scenarios.js'

// The Auth.js reference schema for PostgreSQL, as documented (wire-contract §2): integer SERIAL ids, no FKs.
const authJsSchema = [
  `CREATE TABLE verification_token (identifier TEXT NOT NULL, expires TIMESTAMPTZ NOT NULL, token TEXT NOT NULL, PRIMARY KEY (identifier, token))`,
  `CREATE TABLE accounts (id SERIAL, "userId" INTEGER NOT NULL, type VARCHAR(255) NOT NULL, provider VARCHAR(255) NOT NULL,
    "providerAccountId" VARCHAR(255) NOT NULL, refresh_token TEXT, access_token TEXT, expires_at BIGINT, id_token TEXT,
    scope TEXT, session_state TEXT, token_type TEXT, PRIMARY KEY (id))`,
  `CREATE TABLE sessions (id SERIAL, "userId" INTEGER NOT NULL, expires TIMESTAMPTZ NOT NULL, "sessionToken" VARCHAR(255) NOT NULL, PRIMARY KEY (id))`,
  `CREATE TABLE users (id SERIAL, name VARCHAR(255), email VARCHAR(255), "emailVerified" TIMESTAMPTZ, image TEXT, PRIMARY KEY (id))`,
]

const available = await databaseAvailable('postgres')

describe.skipIf(!available)('a database filled by @auth/pg-adapter', () => {
  let fresh: Awaited<ReturnType<typeof freshPostgres>>
  beforeAll(async () => {
    fresh = await freshPostgres()
    for (const statement of authJsSchema) await fresh.pool.query(statement)
  })
  afterAll(() => fresh?.drop())

  it('migrates in place and serves its users and plain sessions, re-storing them hashed', async () => {
    const authJs = PgAdapter(fresh.pool)
    const user = await authJs.createUser!({
      id: 'ignored',
      email: 'legacy@example.com',
      emailVerified: null,
      name: 'Legacy',
    })
    await authJs.linkAccount!({
      userId: user.id,
      type: 'oauth',
      provider: 'github',
      providerAccountId: '42',
      access_token: 'a',
    })
    const token = crypto.randomUUID()
    await authJs.createSession!({
      sessionToken: token,
      userId: user.id,
      expires: new Date(Date.now() + 3_600_000),
    })

    expect((await status(fresh.pool)).pending).toHaveLength(migrations.length)
    expect((await migrate(fresh.pool)).applied).toEqual(migrations.map((m) => m.version))
    const { rows } = await fresh.pool.query(
      `SELECT indexname FROM pg_indexes WHERE schemaname = $1 ORDER BY 1`,
      [fresh.schema],
    )
    expect(rows.map((r: { indexname: string }) => r.indexname)).toEqual(
      expect.arrayContaining([
        'users_email_key',
        'accounts_provider_account_key',
        'sessions_token_key',
        'sessions_user_id_idx',
      ]),
    )

    const adapter = PostgresAdapter(fresh.pool)
    expect(await adapter.getUserByAccount({ provider: 'github', providerAccountId: '42' })).toMatchObject({
      id: String(user.id),
      email: 'legacy@example.com',
    })
    const newcomer = await adapter.createUser({ id: 'x', email: 'new@example.com', emailVerified: null })
    expect(newcomer.id).toMatch(/^\d+$/)

    const server = await serveAuth({
      secret: 'a-test-secret-that-is-at-least-32-characters-long',
      trustHost: true,
      adapter,
      logger: quietLogger(),
      session: { tokenStorage: 'hashed-accept-plain' },
      providers: [],
    })
    try {
      const jar = new CookieJar()
      jar.values.set(SESSION, token)
      const body = (await (await jarFetch(jar, `${server.origin}/auth/session`)).json()) as {
        user: { email: string }
      }
      expect(body.user.email).toBe('legacy@example.com')
      const stored = await fresh.pool.query('SELECT "sessionToken" FROM sessions')
      expect(stored.rows).toEqual([{ sessionToken: hashSessionToken(token) }])
    } finally {
      await server.close()
    }
  })
})
