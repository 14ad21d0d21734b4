/**
 * `BENCH_INSTANCES=1 npm run bench`: `GET /auth/session` per second on one Gatehouse instance against two (each a
 * process of its own, as behind a load balancer; autocannon drives both at once, 16 connections each, against 32 on
 * one), for JWT sessions and for database sessions on PostgreSQL (`TEST_POSTGRES_URL`, a fresh schema dropped
 * afterwards). Rounds alternate the order. autocannon runs on the same machine and takes CPU from the instances:
 * on 2 cores, two instances cannot double one. Reports numbers; asserts nothing about speed.
 *
 * @module
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import autocannon from 'autocannon'
import pg from 'pg'
import { migrate } from 'gatehouse-auth/adapters/postgres'
import { hashSessionToken } from '../src/session/session-token-key.js'
import { SESSION_COOKIE } from './create-bench-systems.js'
import { median } from './measure.js'
import { freshSessionToken } from './session-scenarios.js'

const quick = process.env['BENCH_QUICK'] === '1'
const rounds = quick ? 1 : 3
const seconds = quick ? 2 : 4
const url = process.env['TEST_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test'
const schema = `gh_bench_${process.pid}`

const admin = new pg.Pool({ connectionString: url, max: 1 })
await admin.query(`CREATE SCHEMA ${schema}`)
const scoped = new URL(url)
scoped.searchParams.set('options', `-c search_path=${schema}`)
const pool = new pg.Pool({ connectionString: scoped.href, max: 2 })
const children: ChildProcess[] = []

async function instance(env: Record<string, string>): Promise<number> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=gatehouse-source', 'bench/instance-server.ts'],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  children.push(child)
  return new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`an instance exited (${String(code)})`)))
    createInterface({ input: child.stdout }).once('line', (line) => resolve(Number(line)))
  })
}

async function rate(ports: number[], cookie: string): Promise<number> {
  const results = await Promise.all(
    ports.map((port) =>
      autocannon({
        url: `http://127.0.0.1:${port}/auth/session`,
        headers: { cookie },
        connections: 32 / ports.length,
        duration: seconds,
      }),
    ),
  )
  for (const r of results)
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`${r.non2xx} non-2xx, ${r.errors} errors`)
  return results.reduce((sum, r) => sum + r.requests.average, 0)
}

try {
  await migrate(pool)
  await pool.query(`INSERT INTO users (id, email, name) VALUES ('bench', 'bench@example.com', 'Bench')`)
  const token = crypto.randomUUID()
  await pool.query(`INSERT INTO sessions ("userId", expires, "sessionToken") VALUES ('bench', $1, $2)`, [
    new Date(Date.now() + 86_400_000),
    hashSessionToken(token),
  ])
  const cookies = {
    jwt: `${SESSION_COOKIE}=${await freshSessionToken()}`,
    database: `${SESSION_COOKIE}=${token}`,
  }
  const rows: string[] = []
  for (const strategy of ['jwt', 'database'] as const) {
    const env = { STRATEGY: strategy, DATABASE_URL: scoped.href }
    const ports = [await instance(env), await instance(env)]
    for (const port of ports) {
      const res = await fetch(`http://127.0.0.1:${port}/auth/session`, {
        headers: { cookie: cookies[strategy] },
      })
      const body = (await res.json()) as { user?: { email?: string } } | null
      if (typeof body?.user?.email !== 'string')
        throw new Error(
          `${strategy} instance does not answer the session: ${res.status} ${JSON.stringify(body)}`,
        )
    }
    // Untimed first: a cold process answers far slower while the JIT warms up.
    await rate(ports, cookies[strategy])
    const one: number[] = []
    const two: number[] = []
    for (let round = 0; round < rounds; round++) {
      if (round % 2 === 0) {
        one.push(await rate(ports.slice(0, 1), cookies[strategy]))
        two.push(await rate(ports, cookies[strategy]))
      } else {
        two.push(await rate(ports, cookies[strategy]))
        one.push(await rate(ports.slice(0, 1), cookies[strategy]))
      }
    }
    const [m1, m2] = [median(one), median(two)]
    rows.push(`| ${strategy} | ${Math.round(m1)} | ${Math.round(m2)} | ${(m2 / m1).toFixed(2)}× |`)
    for (const child of children.splice(0)) child.kill()
  }
  console.log(
    '\n| sessions | one instance (req/s) | two instances (req/s) | two / one |\n| --- | --- | --- | --- |',
  )
  for (const row of rows) console.log(row)
} finally {
  for (const child of children) child.kill()
  await pool.end()
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
  await admin.end()
}
