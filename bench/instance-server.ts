/**
 * One Gatehouse instance for `BENCH_INSTANCES=1 npm run bench` (multi-instance.ts): `gatehouse-auth/node` on a free
 * loopback port, JWT sessions (`STRATEGY=jwt`) or database sessions on PostgreSQL (`DATABASE_URL`, a pool of 10).
 * Prints its port.
 *
 * @module
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import pg from 'pg'
import { createAuth } from 'gatehouse-auth'
import { PostgresAdapter } from 'gatehouse-auth/adapters/postgres'
import { toNodeHandler } from 'gatehouse-auth/node'
import Credentials from 'gatehouse-auth/providers/credentials'
import { SECRET } from './create-bench-systems.js'

const database = process.env['STRATEGY'] === 'database'
const pool = database ? new pg.Pool({ connectionString: process.env['DATABASE_URL'], max: 10 }) : undefined
const { handlers } = createAuth(
  {
    secret: SECRET,
    ...(pool ? { adapter: PostgresAdapter(pool) } : {}),
    session: { strategy: database ? 'database' : 'jwt' },
    logger: { error: (e) => console.error(e), warn: () => {}, debug: () => {} },
    providers: [Credentials({ authorize: () => null })],
  },
  { env: { AUTH_URL: 'http://localhost:3000/auth' } },
)
const server = createServer(toNodeHandler((request) => handlers.GET(request)))
server.listen(0, '127.0.0.1', () => console.log(String((server.address() as AddressInfo).port)))
