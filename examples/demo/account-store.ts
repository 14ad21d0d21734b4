import type { User } from '../../src/index.js'
import type { DemoAccount } from './demo-accounts.js'
import { ScryptHash } from './scrypt-hash.js'

interface StoredAccount {
  readonly user: Readonly<Required<Pick<User, 'id' | 'name' | 'email'>>>
  readonly hash: ScryptHash
}

// Longer input is refused before hashing: nobody types this much, and it bounds the work one request can ask for.
const MAX_INPUT_LENGTH = 1024

/** E-mail addresses are compared trimmed and lower-cased, as people type them with stray spaces and capitals. */
function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

/**
 * The demo's users with hashed passwords, and the check that the Credentials provider's `authorize` runs.
 *
 * @example
 * ```ts
 * const store = await AccountStore.create(demoAccounts)
 * Credentials({ authorize: (credentials) => store.authorize(credentials) })
 * ```
 */
export class AccountStore {
  readonly #byEmail: ReadonlyMap<string, StoredAccount>
  readonly #decoy: ScryptHash

  private constructor(byEmail: ReadonlyMap<string, StoredAccount>, decoy: ScryptHash) {
    this.#byEmail = byEmail
    this.#decoy = decoy
  }

  /** Hashes every account's password (once, at start-up) and indexes the accounts by e-mail. */
  static async create(accounts: readonly DemoAccount[]): Promise<AccountStore> {
    const stored = await Promise.all(
      accounts.map(async (a): Promise<[string, StoredAccount]> => [
        normalizeEmail(a.email),
        { user: { id: a.id, name: a.name, email: a.email }, hash: await ScryptHash.of(a.password) },
      ]),
    )
    // Any existing hash can be the decoy: its only job is to cost the same time, and its result is ignored.
    const decoy = stored[0]?.[1].hash ?? (await ScryptHash.of(crypto.randomUUID()))
    return new AccountStore(new Map(stored), decoy)
  }

  /** The user whose e-mail and password these are, or `null`; never says which of the two was wrong. */
  async authorize(credentials: Partial<Record<string, unknown>>): Promise<User | null> {
    const { email, password } = credentials
    if (typeof email !== 'string' || typeof password !== 'string') return null
    if (email.length > MAX_INPUT_LENGTH || password.length > MAX_INPUT_LENGTH) return null
    const account = this.#byEmail.get(normalizeEmail(email))
    // An unknown address still costs one scrypt, so response times do not reveal which addresses have accounts.
    const matches = await (account?.hash ?? this.#decoy).matches(password)
    return account !== undefined && matches ? { ...account.user } : null
  }
}
