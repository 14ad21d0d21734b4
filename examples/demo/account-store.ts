import type { Adapter, AdapterUser, User } from 'gatehouse-auth'
import type { DemoAccount } from './demo-accounts.js'
import type { DemoDatabase } from './demo-database.js'
import { ScryptHash } from './scrypt-hash.js'

// Longer input is refused before hashing: nobody types this much, and it bounds the work one request can ask for.
const MAX_INPUT_LENGTH = 1024

/** E-mail addresses are compared trimmed and lower-cased, as people type them with stray spaces and capitals. */
function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

/**
 * The demo's users: adapter users (so credentials sign-ins get database sessions) with scrypt password hashes in
 * the demo's own `demo_passwords` table, and the check that the Credentials provider's `authorize` runs.
 *
 * @example
 * ```ts
 * const store = await AccountStore.create(database, demoAccounts)
 * Credentials({ authorize: (credentials) => store.authorize(credentials) })
 * ```
 */
export class AccountStore {
  readonly #adapter: Required<Pick<Adapter, 'getUserByEmail'>>
  readonly #database: DemoDatabase
  readonly #decoy: ScryptHash

  private constructor(database: DemoDatabase, decoy: ScryptHash) {
    this.#database = database
    this.#adapter = database.adapter as Required<Pick<Adapter, 'getUserByEmail'>>
    this.#decoy = decoy
  }

  /** Creates the demo users that are missing (hashing their passwords once, on first start) and opens the store. */
  static async create(database: DemoDatabase, accounts: readonly DemoAccount[]): Promise<AccountStore> {
    const adapter = database.adapter as Required<Adapter>
    let decoy: ScryptHash | undefined
    for (const account of accounts) {
      const email = normalizeEmail(account.email)
      const user: AdapterUser =
        (await adapter.getUserByEmail(email)) ??
        (await adapter.createUser({ id: '', name: account.name, email, emailVerified: null }))
      const row = await database.db
        .selectFrom('demo_passwords')
        .select('hash')
        .where('user_id', '=', user.id)
        .executeTakeFirst()
      let hash = row ? ScryptHash.parse(row.hash) : null
      if (!hash) {
        hash = await ScryptHash.of(account.password)
        await database.db.deleteFrom('demo_passwords').where('user_id', '=', user.id).execute()
        await database.db
          .insertInto('demo_passwords')
          .values({ user_id: user.id, hash: hash.toString() })
          .execute()
      }
      decoy ??= hash
    }
    // Any existing hash can be the decoy: its only job is to cost the same time, and its result is ignored.
    return new AccountStore(database, decoy ?? (await ScryptHash.of(crypto.randomUUID())))
  }

  /** The user whose e-mail and password these are, or `null`; never says which of the two was wrong. */
  async authorize(credentials: Partial<Record<string, unknown>>): Promise<User | null> {
    const { email, password } = credentials
    if (typeof email !== 'string' || typeof password !== 'string') return null
    if (email.length > MAX_INPUT_LENGTH || password.length > MAX_INPUT_LENGTH) return null
    const user = await this.#adapter.getUserByEmail(normalizeEmail(email))
    const row = user
      ? await this.#database.db
          .selectFrom('demo_passwords')
          .select('hash')
          .where('user_id', '=', user.id)
          .executeTakeFirst()
      : undefined
    const hash = row ? ScryptHash.parse(row.hash) : null
    // An unknown address still costs one scrypt, so response times do not reveal which addresses have accounts.
    const matches = await (hash ?? this.#decoy).matches(password)
    return user && hash && matches ? { id: user.id, name: user.name, email: user.email } : null
  }
}
