/**
 * SQLiteAdapter keeps the session check as a prepared statement (the rest of the adapter goes through Kysely). It
 * must answer what the Kysely path answers, be prepared only once the tables exist, and fail as a rejection.
 */
import Database from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'
import { describe, expect, it } from 'vitest'
import { SQLiteAdapter, migrate } from '../../src/adapters/sqlite.js'
import type { DatabaseSchema } from '../../src/adapters/sql/database-schema.js'
import { kyselyAdapter } from '../../src/adapters/sql/kysely-adapter.js'

async function migrated() {
  const database = new Database(':memory:')
  await migrate(database)
  return database
}

describe('SQLiteAdapter session check', () => {
  it('answers as the Kysely path does, for verified and unverified users', async () => {
    const database = await migrated()
    const kysely = kyselyAdapter(
      new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database }) }),
      'sqlite',
    )
    const adapter = SQLiteAdapter(database)
    // Dates as Gatehouse writes them (epoch ms), and one handed over as digits in text, as a hand-filled table might.
    database
      .prepare(`INSERT INTO users (id, name, email, "emailVerified", image) VALUES (?, ?, ?, ?, ?)`)
      .run('u1', 'Ada', 'ada@example.com', 1_709_251_199_123, null)
    database
      .prepare(`INSERT INTO users (id, name, email, "emailVerified", image) VALUES (?, ?, ?, ?, ?)`)
      .run('u2', null, 'bo@example.com', null, 'https://example.com/bo.png')
    const insertSession = database.prepare(
      `INSERT INTO sessions (id, "sessionToken", "userId", expires) VALUES (?, ?, ?, ?)`,
    )
    insertSession.run('s1', 't1', 'u1', 1_956_000_000_000)
    insertSession.run('s2', 't2', 'u2', '1956000000456')
    for (const token of ['t1', 't2', 'unknown']) {
      expect(await adapter.getSessionAndUser(token)).toEqual(await kysely.getSessionAndUser(token))
    }
    const found = await adapter.getSessionAndUser('t1')
    expect(found?.user.emailVerified?.getTime()).toBe(1_709_251_199_123)
    expect(found?.session.expires.getTime()).toBe(1_956_000_000_000)
    expect((await adapter.getSessionAndUser('t2'))?.session.expires.getTime()).toBe(1_956_000_000_456)
  })

  it('rejects while the tables do not exist, and works once they are migrated', async () => {
    const database = new Database(':memory:')
    const adapter = SQLiteAdapter(database)
    const early = adapter.getSessionAndUser('t')
    expect(early).toBeInstanceOf(Promise)
    await expect(early).rejects.toThrow(/no such table/)
    await migrate(database)
    expect(await adapter.getSessionAndUser('t')).toBeNull()
  })

  it('rejects, without throwing synchronously, on a closed database', async () => {
    const database = await migrated()
    const adapter = SQLiteAdapter(database)
    expect(await adapter.getSessionAndUser('t')).toBeNull()
    database.close()
    const call = adapter.getSessionAndUser('t')
    expect(call).toBeInstanceOf(Promise)
    await expect(call).rejects.toThrow(/not open/)
  })
})
