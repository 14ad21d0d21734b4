/**
 * One Gatehouse instance of a multi-instance test (see two-instances.test.ts): a `node:http` server on a free
 * loopback port with database sessions on PostgreSQL (`DATABASE_URL`) and its stores in Redis (`REDIS_URL`), set up
 * as docs/deployment.md says: the same secret and `AUTH_URL` as every other instance, a small pool per instance, and
 * a Redis client that fails fast while Redis is down (or, with `STORE=sql`, the stores in PostgreSQL). Prints `listening <port>`, then `mail <identifier> <url>` for
 * each sign-in e-mail it would send.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Redis } from 'ioredis'
import pg from 'pg'
import { PostgresAdapter, PostgresStore } from '../../src/adapters/postgres.js'
import { createAuth } from '../../src/create-auth.js'
import { toNodeHandler } from '../../src/integrations/node/to-node-handler.js'
import Credentials from '../../src/providers/credentials.js'
import Passkey from '../../src/providers/passkey.js'
import Password from '../../src/passwords/password.js'
import type { EmailConfig } from '../../src/providers/provider-types.js'
import { RedisStore } from '../../src/stores/redis-store.js'
import { skipEmailConfirmation } from '../../src/symbols.js'

const { DATABASE_URL, REDIS_URL, REDIS_PREFIX = 'gatehouse:' } = process.env
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 4, connectionTimeoutMillis: 1000 })
// Fail fast while Redis is down (no offline queue, one try), reconnect every 100 ms until it is back.
const redis = new Redis(REDIS_URL!, {
  maxRetriesPerRequest: 1,
  enableOfflineQueue: false,
  retryStrategy: () => 100,
})
redis.on('error', () => {})
// STORE=sql: the database's own store (schema version 8) instead of Redis.
const store =
  process.env.STORE === 'sql' ? PostgresStore(pool) : new RedisStore(redis, { prefix: REDIS_PREFIX })

const email = {
  id: 'email',
  name: 'Email',
  type: 'email',
  confirmation: skipEmailConfirmation,
  // Every test request comes from 127.0.0.1: the per-client limit would stop a load test's sends, not a flood.
  ...(process.env.PER_CLIENT_LIMIT === 'off' ? { limits: { perClient: false } } : {}),
  sendVerificationRequest: ({ identifier, url }: { identifier: string; url: string }) => {
    process.stdout.write(`mail ${identifier} ${url}\n`)
  },
} as unknown as EmailConfig

const { handlers } = createAuth(
  {
    secret: 'a-shared-test-secret-that-is-at-least-32-characters',
    adapter: PostgresAdapter(pool, { onConnectionError: () => {} }),
    adapterTimeout: 2000,
    session: { strategy: 'database' },
    stores: { limits: store, singleUse: store },
    // TWO_FACTOR=1: two-factor sign-in on, for the TOTP replay across instances.
    ...(process.env.TWO_FACTOR === '1' ? { twoFactor: { issuer: 'Gatehouse test' } } : {}),
    logger: {
      error: (e) => void (process.env.LOG_ERRORS && process.stderr.write(`error ${e.name}: ${e.message}\n`)),
      warn: () => {},
      debug: () => {},
    },
    providers: [
      Credentials({ credentials: { username: {} }, authorize: ({ username }) => ({ id: String(username) }) }),
      Passkey(),
      email,
      // PASSWORD=1: password accounts (mails through `email`), cheap hashing, for the throttle across instances.
      ...(process.env.PASSWORD === '1'
        ? [Password({ hashing: { memoryCost: 8192, timeCost: 1, parallelism: 1 } })]
        : []),
    ],
  },
  { env: { AUTH_URL: 'http://app.test/auth' } },
)

const server = createServer(
  toNodeHandler((request) => (request.method === 'POST' ? handlers.POST(request) : handlers.GET(request)), {
    onError: (error) => process.stderr.write(`unhandled: ${String(error)}\n`),
  }),
)
server.keepAliveTimeout = 30_000
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`)
})
process.on('SIGTERM', () => {
  server.closeAllConnections()
  server.close()
  redis.disconnect()
  void pool.end().finally(() => process.exit(0))
})
