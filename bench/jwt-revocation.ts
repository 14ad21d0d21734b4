/**
 * The JWT session check (`GET /auth/session`, a fresh token: no re-issue) with revocation off, on with Redis and on
 * with PostgreSQL, each at `revocationCheckInterval` 30 s and 0, beside `@auth/core`. Issue #25 asks that the 30 s
 * case stays within 90% of off. Every configuration gets the very same cookie bytes. Run:
 * `npx tsx --conditions=gatehouse-source bench/jwt-revocation.ts` (Redis on 127.0.0.1:6379, PostgreSQL on
 * 127.0.0.1:5432, db `test`; a scratch schema and key prefix are removed afterwards).
 *
 * @module
 */
import { Redis } from 'ioredis'
import pg from 'pg'
import { Auth as gatehouseAuth, type AuthConfig } from 'gatehouse-auth'
import { PostgresAdapter, migrate } from 'gatehouse-auth/adapters/postgres'
import Credentials from 'gatehouse-auth/providers/credentials'
import { RedisStore } from 'gatehouse-auth/stores/redis'
import { BASE_PATH, MAX_AGE, SECRET, UPDATE_AGE, USER, createBenchSystems } from './create-bench-systems.js'
import { measure } from './measure.js'
import { freshSessionToken, sessionCheck } from './session-scenarios.js'

const REDIS_URL = process.env['BENCH_REDIS_URL'] ?? 'redis://127.0.0.1:6379'
const POSTGRES_URL = process.env['BENCH_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test'
const options = { warmupMs: 500, runMs: 700, rounds: 3 }
const silent = { error: () => {}, warn: () => {}, debug: () => {} }

function config(extra: Partial<AuthConfig>): AuthConfig {
  return {
    providers: [Credentials({ credentials: { email: {}, password: {} }, authorize: () => ({ ...USER }) })],
    secret: SECRET,
    trustHost: true,
    basePath: BASE_PATH,
    logger: silent,
    ...extra,
    session: { strategy: 'jwt', maxAge: MAX_AGE, updateAge: UPDATE_AGE, ...extra.session },
  }
}

const system = (name: string, c: AuthConfig) => ({ name, handle: (r: Request) => gatehouseAuth(r, c) })

const schema = `bench_${process.pid}`
const admin = new pg.Client({ connectionString: POSTGRES_URL })
await admin.connect()
await admin.query(`CREATE SCHEMA ${schema}`)
const pool = new pg.Pool({ connectionString: POSTGRES_URL, options: `-c search_path=${schema}`, max: 4 })
await migrate(pool)
const redis = new Redis(REDIS_URL)
const prefix = `gh-bench:${process.pid}:`
const store = new RedisStore(redis, { prefix })

try {
  const token = await freshSessionToken()
  const anchor = createBenchSystems().anchor
  const systems = [
    system('Gatehouse, revocation off', config({})),
    system(
      'Gatehouse, Redis, 30 s',
      config({ stores: { sessions: store }, session: { revocationCheckInterval: 30 } }),
    ),
    system(
      'Gatehouse, Redis, 0',
      config({ stores: { sessions: store }, session: { revocationCheckInterval: 0 } }),
    ),
    system(
      'Gatehouse, PostgreSQL, 30 s',
      config({ adapter: PostgresAdapter(pool), session: { revocationCheckInterval: 30 } }),
    ),
    system(
      'Gatehouse, PostgreSQL, 0',
      config({ adapter: PostgresAdapter(pool), session: { revocationCheckInterval: 0 } }),
    ),
    anchor,
  ]
  // The machine may be shared: every system is measured in three passes, interleaved, and the median pass kept,
  // so that a burst of load elsewhere does not land on one row only.
  const passes: number[][] = systems.map(() => [])
  for (const s of systems) await sessionCheck(s, token)()
  for (let pass = 0; pass < 3; pass++) {
    for (const [i, s] of systems.entries())
      passes[i]!.push((await measure(s.name, sessionCheck(s, token), options)).opsPerSec)
  }
  const results = systems.map((s, i) => ({
    name: s.name,
    opsPerSec: [...passes[i]!].sort((x, y) => x - y)[1]!,
  }))
  const off = results[0]!.opsPerSec
  console.log('JWT session check, GET /auth/session, one request at a time (median of 3 interleaved passes)')
  for (const r of results) {
    const share = ((100 * r.opsPerSec) / off).toFixed(0).padStart(4)
    console.log(
      `${r.name.padEnd(30)} ${Math.round(r.opsPerSec).toString().padStart(8)} ops/s  ${share}% of off`,
    )
  }
} finally {
  const keys = await redis.keys(`${prefix}*`)
  if (keys.length > 0) await redis.del(...keys)
  redis.disconnect()
  await pool.end()
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
  await admin.end()
}
