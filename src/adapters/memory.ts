/**
 * `gatehouse-auth/adapters/memory`: the reference adapter, keeping everything in process memory. It enforces the same
 * uniqueness rules as the SQL schema, so tests written against it hold for a database.
 *
 * @module
 */
import type {
  Adapter,
  AdapterAccount,
  AdapterAuthenticator,
  AdapterSession,
  AdapterTwoFactor,
  AdapterUser,
  VerificationToken,
} from './adapter.js'
import { localAdapters } from './local-adapters.js'
import type { AuditEvent } from '../audit/audit-event.js'
import type { JwtSessionRecord } from '../session/session-record.js'

/** The maps behind a {@link MemoryAdapter}, exposed for tests that check what was stored. */
export interface MemoryStore {
  users: Map<string, AdapterUser>
  /** Keyed by `provider:providerAccountId`. */
  accounts: Map<string, AdapterAccount>
  sessions: Map<string, AdapterSession>
  /** Keyed by `identifier:token`. */
  verificationTokens: Map<string, VerificationToken>
  authenticators: Map<string, AdapterAuthenticator>
  /** Password hashes by user id (the `Password` provider). */
  passwords: Map<string, string>
  /** The session generation of each user whose generation was raised. */
  sessionGenerations: Map<string, number>
  /** Revoked JWT session ids, with their user and when the entry may be dropped. */
  sessionRevocations: Map<string, { userId: string; expires: Date }>
  /** JWT session records, keyed by session id. */
  jwtSessions: Map<string, JwtSessionRecord>
  /** The audit trail, oldest first. */
  auditEvents: AuditEvent[]
  /** Second factors, keyed by user id. */
  twoFactor: Map<string, AdapterTwoFactor>
}

/** A memory adapter with its store. */
export type MemoryAdapterWithStore = Required<Adapter> & { readonly store: MemoryStore }

const accountKey = (a: { provider: string; providerAccountId: string }) =>
  `${a.provider}:${a.providerAccountId}`

// Copies on the way in and out, so callers can never mutate what is stored (a database would not let them).
const copy = <T extends object>(value: T): T => ({ ...value })

/**
 * An adapter that stores users, accounts, sessions, verification tokens and authenticators in memory.
 *
 * @example
 * ```ts
 * const { handlers } = createAuth({ adapter: MemoryAdapter(), providers: [...] })
 * ```
 */
export function MemoryAdapter(): MemoryAdapterWithStore {
  const store: MemoryStore = {
    users: new Map(),
    accounts: new Map(),
    sessions: new Map(),
    verificationTokens: new Map(),
    authenticators: new Map(),
    passwords: new Map(),
    sessionGenerations: new Map(),
    sessionRevocations: new Map(),
    jwtSessions: new Map(),
    auditEvents: [],
    twoFactor: new Map(),
  }
  const userByEmail = (email: string | null | undefined) =>
    email ? [...store.users.values()].find((u) => u.email === email) : undefined

  const createUser = (user: AdapterUser): AdapterUser => {
    const id = user.id || crypto.randomUUID()
    if (store.users.has(id)) throw new Error(`duplicate user id ${id}`)
    if (userByEmail(user.email)) throw new Error('unique constraint: users.email')
    const stored: AdapterUser = { ...user, id, emailVerified: user.emailVerified ?? null }
    store.users.set(id, stored)
    return copy(stored)
  }

  const adapter: MemoryAdapterWithStore = {
    store,
    createUser,
    getUser(id) {
      const user = store.users.get(id)
      return user ? copy(user) : null
    },
    getUserByEmail(email) {
      const user = userByEmail(email)
      return user ? copy(user) : null
    },
    getUserByAccount(ref) {
      const account = store.accounts.get(accountKey(ref))
      const user = account && store.users.get(account.userId)
      return user ? copy(user) : null
    },
    updateUser(patch) {
      const user = store.users.get(patch.id)
      if (!user) throw new Error(`no user with id ${patch.id}`)
      const other = userByEmail(patch.email)
      if (other && other.id !== user.id) throw new Error('unique constraint: users.email')
      const updated = { ...user, ...stripUndefined(patch) }
      store.users.set(user.id, updated)
      return copy(updated)
    },
    deleteUser(id) {
      const user = store.users.get(id)
      store.users.delete(id)
      // Cascade, as the SQL schema's foreign keys do.
      for (const [k, a] of store.accounts) if (a.userId === id) store.accounts.delete(k)
      for (const [k, s] of store.sessions) if (s.userId === id) store.sessions.delete(k)
      for (const [k, a] of store.authenticators) if (a.userId === id) store.authenticators.delete(k)
      store.passwords.delete(id)
      store.twoFactor.delete(id)
      return user ? copy(user) : null
    },
    createUserWithAccount(user, account) {
      // Checked before anything is written: all or nothing, as a transaction would be.
      if (store.accounts.has(accountKey(account)))
        throw new Error('unique constraint: accounts.provider+providerAccountId')
      const created = createUser(user)
      store.accounts.set(accountKey(account), { ...account, userId: created.id })
      return created
    },
    linkAccount(account) {
      const key = accountKey(account)
      if (store.accounts.has(key)) throw new Error('unique constraint: accounts.provider+providerAccountId')
      if (!store.users.has(account.userId)) throw new Error('foreign key: accounts.userId')
      store.accounts.set(key, copy(account))
      return copy(account)
    },
    unlinkAccount(ref) {
      const key = accountKey(ref)
      const account = store.accounts.get(key)
      store.accounts.delete(key)
      return account ? copy(account) : undefined
    },
    getAccount(providerAccountId, provider) {
      const account = store.accounts.get(accountKey({ provider, providerAccountId }))
      return account ? copy(account) : null
    },
    updateAccount(patch) {
      const key = accountKey(patch)
      const account = store.accounts.get(key)
      if (!account) return null
      const updated = { ...account, ...stripUndefined(patch) }
      store.accounts.set(key, updated)
      return copy(updated)
    },
    createSession(session) {
      if (store.sessions.has(session.sessionToken))
        throw new Error('unique constraint: sessions.sessionToken')
      if (!store.users.has(session.userId)) throw new Error('foreign key: sessions.userId')
      // The row gets an id of its own, as in the SQL tables; one handed in is not trusted.
      const { sessionToken, userId, expires } = session
      store.sessions.set(sessionToken, { id: crypto.randomUUID(), sessionToken, userId, expires })
      return { sessionToken, userId, expires }
    },
    getSessionAndUser(sessionToken) {
      const session = store.sessions.get(sessionToken)
      const user = session && store.users.get(session.userId)
      return session && user ? { session: copy(session), user: copy(user) } : null
    },
    updateSession({ id: _id, ...patch }) {
      const session = store.sessions.get(patch.sessionToken)
      if (!session) return null
      const updated = { ...session, ...stripUndefined(patch) }
      store.sessions.set(session.sessionToken, updated)
      return copy(updated)
    },
    deleteSession(sessionToken) {
      const session = store.sessions.get(sessionToken)
      store.sessions.delete(sessionToken)
      return session ? copy(session) : null
    },
    listSessions(userId) {
      return [...store.sessions.values()].filter((s) => s.userId === userId).map(copy)
    },
    deleteSessions(userId) {
      for (const [k, s] of store.sessions) if (s.userId === userId) store.sessions.delete(k)
    },
    getSessionRevocations(userId) {
      const now = Date.now()
      const revoked: string[] = []
      for (const [id, r] of store.sessionRevocations) {
        if (r.expires.getTime() <= now) store.sessionRevocations.delete(id)
        else if (r.userId === userId) revoked.push(id)
      }
      return { generation: store.sessionGenerations.get(userId) ?? 0, revoked }
    },
    addSessionRevocation(userId, sessionId, expires) {
      store.sessionRevocations.set(sessionId, { userId, expires: new Date(expires) })
    },
    updateSessionMetadata(sessionToken, metadata) {
      const session = store.sessions.get(sessionToken)
      if (session) store.sessions.set(sessionToken, { ...session, ...metadata })
    },
    createJwtSession(record) {
      store.jwtSessions.set(record.id, copy(record))
    },
    listJwtSessions(userId) {
      const now = Date.now()
      const mine: JwtSessionRecord[] = []
      for (const [id, r] of store.jwtSessions) {
        if (r.expires.getTime() <= now) store.jwtSessions.delete(id)
        else if (r.userId === userId) mine.push(copy(r))
      }
      return mine
    },
    updateJwtSession(userId, id, changes) {
      const record = store.jwtSessions.get(id)
      if (record?.userId === userId) store.jwtSessions.set(id, { ...record, ...changes })
    },
    deleteJwtSession(userId, id) {
      if (store.jwtSessions.get(id)?.userId === userId) store.jwtSessions.delete(id)
    },
    createAuditEvent(event) {
      store.auditEvents.push(copy(event))
    },
    listAuditEvents(userId, { limit, before }) {
      return store.auditEvents
        .filter((e) => e.userId === userId && (before === undefined || e.createdAt < before))
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
        .slice(0, limit)
        .map(copy)
    },
    incrementSessionGeneration(userId) {
      const generation = (store.sessionGenerations.get(userId) ?? 0) + 1
      store.sessionGenerations.set(userId, generation)
      return generation
    },
    createVerificationToken(token) {
      store.verificationTokens.set(`${token.identifier}:${token.token}`, copy(token))
      return copy(token)
    },
    useVerificationToken({ identifier, token }) {
      const key = `${identifier}:${token}`
      const stored = store.verificationTokens.get(key)
      // Single use: the delete happens in the same synchronous step as the read, so no second caller can see it.
      store.verificationTokens.delete(key)
      return stored ? copy(stored) : null
    },
    getAuthenticator(credentialID) {
      const a = store.authenticators.get(credentialID)
      return a ? copy(a) : null
    },
    createAuthenticator(authenticator) {
      if (store.authenticators.has(authenticator.credentialID)) throw new Error('duplicate credentialID')
      store.authenticators.set(authenticator.credentialID, copy(authenticator))
      return copy(authenticator)
    },
    listAuthenticatorsByUserId(userId) {
      return [...store.authenticators.values()].filter((a) => a.userId === userId).map(copy)
    },
    updateAuthenticatorCounter(credentialID, newCounter) {
      const a = store.authenticators.get(credentialID)
      if (!a) throw new Error(`no authenticator with credentialID ${credentialID}`)
      const updated = { ...a, counter: newCounter }
      store.authenticators.set(credentialID, updated)
      return copy(updated)
    },
    listAccounts(userId) {
      return [...store.accounts.values()].filter((a) => a.userId === userId).map(copy)
    },
    updateAuthenticator(credentialID, { name }) {
      const a = store.authenticators.get(credentialID)
      if (!a) return null
      const { name: _old, ...rest } = a
      const updated: AdapterAuthenticator = name === null ? rest : { ...rest, name }
      store.authenticators.set(credentialID, updated)
      return copy(updated)
    },
    deleteAuthenticator(credentialID) {
      const a = store.authenticators.get(credentialID)
      if (!a) return null
      for (const [key, account] of store.accounts) {
        if (
          account.type === 'webauthn' &&
          account.providerAccountId === a.providerAccountId &&
          account.userId === a.userId
        )
          store.accounts.delete(key)
      }
      store.authenticators.delete(credentialID)
      return copy(a)
    },
    getPasswordHash(userId) {
      return store.passwords.get(userId) ?? null
    },
    setPasswordHash(userId, hash) {
      // As the SQL table's foreign key: a hash belongs to a user that exists.
      if (!store.users.has(userId)) throw new Error(`foreign key: no user with id ${userId}`)
      store.passwords.set(userId, hash)
    },
    getTwoFactor(userId) {
      const record = store.twoFactor.get(userId)
      return record ? copyTwoFactor(record) : null
    },
    setTwoFactor(record) {
      if (!store.users.has(record.userId)) throw new Error(`no user with id ${record.userId}`)
      store.twoFactor.set(record.userId, copyTwoFactor(record))
      return copyTwoFactor(record)
    },
    // Each check and write below happens in one synchronous step, so no concurrent call sees the old value.
    useTwoFactorStep(userId, step) {
      const record = store.twoFactor.get(userId)
      if (!record || (record.lastUsedStep !== null && record.lastUsedStep >= step)) return false
      store.twoFactor.set(userId, { ...record, lastUsedStep: step })
      return true
    },
    useBackupCode(userId, codeHash) {
      const record = store.twoFactor.get(userId)
      if (!record?.backupCodes.includes(codeHash)) return false
      const backupCodes = record.backupCodes.filter((hash) => hash !== codeHash)
      store.twoFactor.set(userId, { ...record, backupCodes })
      return true
    },
    voidTrustedDevices(userId) {
      const record = store.twoFactor.get(userId)
      if (record)
        store.twoFactor.set(userId, { ...record, trustedDevicesVersion: record.trustedDevicesVersion + 1 })
    },
  }
  localAdapters.add(adapter)
  return adapter
}

const copyTwoFactor = (record: AdapterTwoFactor): AdapterTwoFactor => ({
  ...record,
  backupCodes: [...record.backupCodes],
})

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}
