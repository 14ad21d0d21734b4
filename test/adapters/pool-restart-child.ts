/**
 * A process with a pooled adapter set up as the README shows (the pool, `migrate`, the adapter; nothing listening
 * for pool errors), run by `pool-restart.test.ts` while the test ends its idle connections from an admin session.
 * argv: `postgres` or `mysql`; env: `DATABASE_URL`. Prints `ready` once three pooled connections are idle; for each
 * `check` line on stdin runs a session check and prints `ok` or `failed: <reason>`.
 *
 * @module
 */
import { createInterface } from 'node:readline'
import mysql from 'mysql2'
import pg from 'pg'
import type { Adapter } from '../../src/adapters/adapter.js'
import * as mysqlAdapter from '../../src/adapters/mysql.js'
import * as postgresAdapter from '../../src/adapters/postgres.js'

async function setUp(kind: string): Promise<Required<Adapter>> {
  if (kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL })
    await postgresAdapter.migrate(pool)
    return postgresAdapter.PostgresAdapter(pool)
  }
  const pool = mysql.createPool({ uri: process.env.DATABASE_URL!, timezone: 'Z' })
  await mysqlAdapter.migrate(pool)
  return mysqlAdapter.MySQLAdapter(pool)
}

const adapter = await setUp(process.argv[2]!)
const user = await adapter.createUser({ id: '', name: 'Ada', email: 'ada@example.com', emailVerified: null })
const sessionToken = crypto.randomUUID()
await adapter.createSession({ sessionToken, userId: user.id, expires: new Date(Date.now() + 3_600_000) })

async function check(): Promise<string> {
  try {
    const found = await adapter.getSessionAndUser(sessionToken)
    return found?.user.id === user.id ? 'ok' : `failed: ${JSON.stringify(found)}`
  } catch (error) {
    return `failed: ${String(error)}`
  }
}

// Three checks at once take three connections, which stay in the pool, idle.
const warm = await Promise.all([check(), check(), check()])
console.log(warm.every((r) => r === 'ok') ? 'ready' : `not ready: ${warm.join(', ')}`)
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'check') console.log(await check())
}
process.exit(0)
