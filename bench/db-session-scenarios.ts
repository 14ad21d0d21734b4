/**
 * Scenario (d): `GET /auth/session` with a database session on PostgreSQL, fresh (younger than `updateAge`).
 * Gatehouse with its PostgresAdapter (hashed token, one indexed query, no write) against @auth/core 0.41.3 with
 * @auth/pg-adapter (two queries), on the same server, each in its own schema made by the same migration, so both
 * have the same indexes. The pools are alike (10 connections). Skipped with a warning when PostgreSQL is down.
 *
 * @module
 */
import { Auth as anchorAuth } from '@auth/core'
import type { AuthConfig as AnchorConfig } from '@auth/core'
import AnchorGitHub from '@auth/core/providers/github'
import PgAdapter from '@auth/pg-adapter'
import pg from 'pg'
import { PostgresAdapter, migrate } from '../src/adapters/postgres.js'
import { Auth as gatehouseAuth } from '../src/index.js'
import GitHub from '../src/providers/github.js'
import type { AuthConfig as GatehouseConfig } from '../src/index.js'
import { hashSessionToken } from '../src/session/session-token-key.js'
import {
  BASE_PATH,
  MAX_AGE,
  ORIGIN,
  SECRET,
  SESSION_COOKIE,
  UPDATE_AGE,
  USER,
  check,
} from './create-bench-systems.js'
import type { Scenario } from './create-bench-systems.js'

const DATABASE_URL = process.env['BENCH_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test'
const silent = { error: () => {}, warn: () => {}, debug: () => {} }

interface Side {
  handle: (request: Request) => Promise<Response>
  token: string
}

async function schemaPool(schema: string): Promise<pg.Pool> {
  const admin = new pg.Client({ connectionString: DATABASE_URL })
  await admin.connect()
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
  await admin.query(`CREATE SCHEMA ${schema}`)
  await admin.end()
  const pool = new pg.Pool({ connectionString: DATABASE_URL, options: `-c search_path=${schema}`, max: 10 })
  await migrate(pool)
  return pool
}

function request(token: string): Request {
  return new Request(`${ORIGIN}${BASE_PATH}/session`, { headers: { cookie: `${SESSION_COOKIE}=${token}` } })
}

function sessionCheck(name: string, side: Side): () => Promise<void> {
  return async () => {
    const response = await side.handle(request(side.token))
    if (response.status !== 200) throw new Error(`${name}: /session answered ${response.status}`)
    await response.arrayBuffer()
  }
}

async function verify(name: string, side: Side): Promise<number> {
  const response = await side.handle(request(side.token))
  const body = (await response.json()) as { user?: { email?: string } } | null
  check(
    response.status === 200 && body?.user?.email === USER.email,
    `${name}: no database session: ${JSON.stringify(body)}`,
  )
  return response.headers.getSetCookie().length
}

/** The database-session scenario and a cleanup that drops its schemas; none when PostgreSQL is unreachable. */
export async function dbSessionScenarios(): Promise<{ scenarios: Scenario[]; close(): Promise<void> }> {
  let pools: pg.Pool[]
  try {
    pools = [await schemaPool('bench_gatehouse'), await schemaPool('bench_authjs')]
  } catch (error) {
    console.warn(
      `!!! skipping the database-session benchmark: PostgreSQL at ${DATABASE_URL} (${String(error)})`,
    )
    return { scenarios: [], close: async () => {} }
  }
  const [oursPool, theirsPool] = pools as [pg.Pool, pg.Pool]
  const ours = PostgresAdapter(oursPool)
  const theirs = PgAdapter(theirsPool)
  const expires = new Date(Date.now() + MAX_AGE * 1000)
  const user = { id: '', name: USER.name, email: USER.email, emailVerified: null }

  const oursUser = await ours.createUser(user)
  const oursToken = crypto.randomUUID() + crypto.randomUUID()
  await ours.createSession({ sessionToken: hashSessionToken(oursToken), userId: oursUser.id, expires })
  const theirsUser = await theirs.createUser!(user)
  const theirsToken = crypto.randomUUID()
  await theirs.createSession!({ sessionToken: theirsToken, userId: theirsUser.id, expires })

  const session = { strategy: 'database' as const, maxAge: MAX_AGE, updateAge: UPDATE_AGE }
  // An OAuth provider, because Auth.js refuses database sessions when every provider is credentials; it is never
  // called here.
  const client = { clientId: 'bench', clientSecret: 'bench' }
  const oursConfig: GatehouseConfig = {
    providers: [GitHub(client)],
    adapter: ours,
    secret: SECRET,
    trustHost: true,
    basePath: BASE_PATH,
    session,
    logger: silent,
  }
  const theirsConfig: AnchorConfig = {
    providers: [AnchorGitHub(client)],
    adapter: theirs,
    secret: SECRET,
    trustHost: true,
    basePath: BASE_PATH,
    session,
    logger: silent,
  }
  const gatehouse: Side = { handle: (r) => gatehouseAuth(r, oursConfig), token: oursToken }
  const anchor: Side = { handle: (r) => anchorAuth(r, theirsConfig), token: theirsToken }

  const scenario = {
    gatehouse: sessionCheck('Gatehouse', gatehouse),
    anchor: sessionCheck('@auth/core', anchor),
    async verify() {
      check(
        (await verify('Gatehouse', gatehouse)) === 0,
        'Gatehouse: a fresh database session must not set a cookie',
      )
      await verify('@auth/core', anchor)
    },
  }
  return {
    // One request after the other (latency-bound: one round trip against two), and 8 in flight, as a server
    // under load sees them (the database waits overlap, so the work per check decides).
    scenarios: [
      { ...scenario, title: '(e) GET /session, database session on PostgreSQL', target: 2.5 },
      { ...scenario, title: '(e) same, 8 requests in flight', concurrency: 8 },
    ],
    async close() {
      await Promise.all(pools.map((p) => p.end()))
      const admin = new pg.Client({ connectionString: DATABASE_URL })
      await admin.connect()
      await admin.query('DROP SCHEMA IF EXISTS bench_gatehouse CASCADE')
      await admin.query('DROP SCHEMA IF EXISTS bench_authjs CASCADE')
      await admin.end()
    },
  }
}
