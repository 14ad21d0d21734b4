import { createHash, randomInt } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import type { RateLimitHit, RateLimitStore } from '../../rate-limit/rate-limit-store.js'
import type { SingleUseStore } from '../../stores/single-use-store.js'
import type { DatabaseSchema } from './database-schema.js'
import type { SqlDialect } from './sql-dialect.js'

/** Options of a {@link SqlStore} (`PostgresStore`, `MySQLStore`, `SQLiteStore`). */
export interface SqlStoreOptions {
  /**
   * Prepended to every key, so that several applications can share one database: counters live under
   * `{prefix}rl:`, used values under `{prefix}once:`. Default empty.
   */
  prefix?: string | undefined
  /**
   * At most one delete of the expired rows every this many milliseconds, started by a use of the store (so a store
   * nobody uses costs nothing); `0` turns it off and leaves it to `npx gatehouse-auth prune` or the adapter's
   * `pruneEvery`. Default 60 000.
   */
  pruneEvery?: number | undefined
  /** The clock, for tests. Instances sharing a database should keep their clocks in time (NTP), as for sessions. */
  now?: () => number
}

const TABLE = 'gatehouse_shared_state'
/** The key column holds 255 bytes on MySQL/MariaDB (VARBINARY(255)); a longer key is stored as its SHA-256. */
const MAX_KEY_BYTES = 255
const encoder = new TextEncoder()

/** A row's BIGINT, which `pg` and `mysql2` may return as a string. */
const int = (value: unknown): number => Number(value)

/**
 * Counters and used values in a table of the adapter's database (`gatehouse_shared_state`, schema version 8), one
 * object for both roles of the `stores` option: every instance on the same database shares the limits, and a value
 * used on one instance is refused on all, without a Redis. Each operation is one atomic statement on PostgreSQL
 * and SQLite (an upsert whose conflict branch checks the expiry), and a short transaction holding the row lock on
 * MySQL/MariaDB (which have no RETURNING on an upsert). Expired rows are deleted by the store itself, at most once
 * a minute, and by `npx gatehouse-auth prune`.
 *
 * Made by `PostgresStore(pool)`, `MySQLStore(pool)` and `SQLiteStore(database)` of the adapter entries, on the
 * database the adapter uses; run `migrate` first.
 */
export class SqlStore implements RateLimitStore, SingleUseStore {
  readonly #db: Kysely<DatabaseSchema>
  readonly #dialect: SqlDialect
  readonly #prefix: string
  readonly #pruneEvery: number
  readonly #now: () => number
  #prunedAt: number

  constructor(db: Kysely<DatabaseSchema>, dialect: SqlDialect, options: SqlStoreOptions = {}) {
    const every = options.pruneEvery ?? 60_000
    if (!Number.isFinite(every) || every < 0) {
      throw new TypeError(`pruneEvery must be 0 or a number of milliseconds (got ${String(every)})`)
    }
    this.#db = db
    this.#dialect = dialect
    this.#prefix = options.prefix ?? ''
    this.#pruneEvery = every
    this.#now = options.now ?? Date.now
    this.#prunedAt = this.#now()
  }

  async increment(key: string, windowMs: number): Promise<RateLimitHit> {
    const now = this.#now()
    const id = this.#key('rl:', key)
    const expires = now + Math.max(1, Math.ceil(windowMs))
    this.#maybePrune(now)
    if (this.#dialect === 'mysql') {
      // Assignments of ON DUPLICATE KEY UPDATE run left to right and see the values already assigned: a count that
      // came out as 1 is a window that started again, so only then does the expiry move.
      return this.#db.transaction().execute(async (trx) => {
        await sql`INSERT INTO gatehouse_shared_state (state_key, state_value, expires)
          VALUES (${id}, 1, ${expires})
          ON DUPLICATE KEY UPDATE
            state_value = IF(expires <= ${now}, 1, state_value + 1),
            expires = IF(state_value = 1, VALUES(expires), expires)`.execute(trx)
        const { rows } = await sql<{ state_value: unknown; expires: unknown }>`SELECT state_value, expires
          FROM gatehouse_shared_state WHERE state_key = ${id}`.execute(trx)
        return this.#hit(rows[0])
      })
    }
    const { rows } = await sql<{ state_value: unknown; expires: unknown }>`INSERT INTO gatehouse_shared_state
        (state_key, state_value, expires) VALUES (${id}, 1, ${expires})
      ON CONFLICT (state_key) DO UPDATE SET
        state_value = CASE WHEN gatehouse_shared_state.expires <= ${now} THEN 1
          ELSE gatehouse_shared_state.state_value + 1 END,
        expires = CASE WHEN gatehouse_shared_state.expires <= ${now} THEN excluded.expires
          ELSE gatehouse_shared_state.expires END
      RETURNING state_value, expires`.execute(this.#db)
    return this.#hit(rows[0])
  }

  async reset(key: string): Promise<void> {
    const id = this.#key('rl:', key)
    await sql`DELETE FROM gatehouse_shared_state WHERE state_key = ${id}`.execute(this.#db)
  }

  async consume(key: string, ttlMs: number): Promise<boolean> {
    const now = this.#now()
    const id = this.#key('once:', key)
    const expires = now + Math.max(1, Math.ceil(ttlMs))
    this.#maybePrune(now)
    if (this.#dialect === 'mysql') {
      // A random mark of this call: the row carries it after the upsert only if this call inserted the row or
      // replaced an expired one; read back under the row lock the upsert took, it tells the one winner.
      const mark = randomInt(1, 2 ** 47)
      return this.#db.transaction().execute(async (trx) => {
        await sql`INSERT INTO gatehouse_shared_state (state_key, state_value, expires)
          VALUES (${id}, ${mark}, ${expires})
          ON DUPLICATE KEY UPDATE
            state_value = IF(expires <= ${now}, VALUES(state_value), state_value),
            expires = IF(state_value = VALUES(state_value), VALUES(expires), expires)`.execute(trx)
        const { rows } = await sql<{ state_value: unknown }>`SELECT state_value
          FROM gatehouse_shared_state WHERE state_key = ${id}`.execute(trx)
        return int(rows[0]?.state_value) === mark
      })
    }
    // The conflict branch writes only over an expired use; a concurrent writer of the same key waits on the
    // primary key, then sees the winner's row and writes nothing, so RETURNING hands a row to one caller.
    const { rows } = await sql`INSERT INTO gatehouse_shared_state (state_key, state_value, expires)
        VALUES (${id}, 1, ${expires})
      ON CONFLICT (state_key) DO UPDATE SET state_value = 1, expires = excluded.expires
        WHERE gatehouse_shared_state.expires <= ${now}
      RETURNING state_key`.execute(this.#db)
    return rows.length === 1
  }

  /** Deletes every expired row now; returns how many. `npx gatehouse-auth prune` does the same. */
  async prune(): Promise<number> {
    const result = await this.#db.deleteFrom(TABLE).where('expires', '<=', this.#now()).executeTakeFirst()
    return Number(result.numDeletedRows)
  }

  #hit(row: { state_value: unknown; expires: unknown } | undefined): RateLimitHit {
    if (!row) throw new Error('the counter row was not found after its upsert')
    return { count: int(row.state_value), resetAt: int(row.expires) }
  }

  #key(role: string, key: string): string {
    const id = `${this.#prefix}${role}${key}`
    if (encoder.encode(id).byteLength <= MAX_KEY_BYTES) return id
    return `${this.#prefix}${role}sha256:${createHash('sha256').update(key).digest('hex')}`
  }

  // Best effort, in the background: a failed prune only leaves rows for the next one.
  #maybePrune(now: number): void {
    if (this.#pruneEvery === 0 || now - this.#prunedAt < this.#pruneEvery) return
    this.#prunedAt = now
    this.prune().catch(() => undefined)
  }
}
