/**
 * MySQLAdapter runs the session check as a server-side prepared statement (binary protocol), the rest through
 * Kysely (text protocol). Both must read the same instants, to the millisecond, from a promise or callback pool.
 */
import { Kysely, MysqlDialect } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MySQLAdapter, migrate } from '../../src/adapters/mysql.js'
import type { DatabaseSchema } from '../../src/adapters/sql/database-schema.js'
import { kyselyAdapter } from '../../src/adapters/sql/kysely-adapter.js'
import { databaseAvailable, freshMariaDb } from '../support/test-databases.js'

const available = await databaseAvailable('mariadb')

describe.skipIf(!available)('MySQLAdapter session check', () => {
  let fresh: Awaited<ReturnType<typeof freshMariaDb>>
  beforeAll(async () => {
    fresh = await freshMariaDb()
    await migrate(fresh.pool)
  })
  afterAll(() => fresh?.drop())

  it('answers as the Kysely path does, milliseconds kept, on callback and promise pools', async () => {
    const kysely = kyselyAdapter(
      new Kysely<DatabaseSchema>({ dialect: new MysqlDialect({ pool: fresh.pool }) }),
      'mysql',
    )
    const verified = new Date(Date.UTC(2024, 1, 29, 23, 59, 59, 123))
    const user = await kysely.createUser({
      id: '',
      name: null,
      email: 'mia@example.com',
      emailVerified: verified,
      image: null,
    })
    const expires = new Date(Date.UTC(2031, 6, 4, 12, 34, 56, 789))
    await kysely.createSession({ sessionToken: 'mia-token', userId: user.id, expires })
    for (const adapter of [MySQLAdapter(fresh.pool), MySQLAdapter(fresh.pool.promise())]) {
      const found = await adapter.getSessionAndUser('mia-token')
      expect(found).toEqual(await kysely.getSessionAndUser('mia-token'))
      expect(found?.session.expires.toISOString()).toBe(expires.toISOString())
      expect(found?.user.emailVerified?.toISOString()).toBe(verified.toISOString())
      expect(await adapter.getSessionAndUser('no-such-token')).toBeNull()
    }
  })
})
