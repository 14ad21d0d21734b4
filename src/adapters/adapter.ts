/**
 * The database adapter contract: the Auth.js `Adapter` interface, method for method, so an adapter written for
 * Auth.js plugs into Gatehouse unchanged. Every method is optional in the type; configuration checks that the
 * methods the configured features need are present.
 *
 * @module
 */
import type { AuditEvent } from '../audit/audit-event.js'
import type { JwtSessionRecord, SessionMetadata } from '../session/session-record.js'
import type { Account, Awaitable, User } from '../types.js'

/** A user as stored by an adapter. */
export interface AdapterUser extends User {
  id: string
  email: string
  emailVerified: Date | null
}

/** An account as stored by an adapter. */
export interface AdapterAccount extends Account {
  userId: string
  type: 'oauth' | 'oidc' | 'email' | 'webauthn'
}

/** A database session. */
export interface AdapterSession {
  /**
   * The row's own id, as read back from storage (Auth.js's adapters return it too, and its adapter suite expects
   * it from `getSessionAndUser`). Absent where a session is handed to `createSession`; never the token.
   */
  id?: string
  sessionToken: string
  userId: string
  expires: Date
  /** Gatehouse's adapters (schema version 7): when the session began; `null` for sessions made before. */
  createdAt?: Date | null
  /** Gatehouse's adapters: when it was last seen (refreshed with its expiry). */
  lastSeenAt?: Date | null
  /** Gatehouse's adapters: the browser's `User-Agent`. */
  userAgent?: string | null
  /** Gatehouse's adapters: the client address. */
  clientAddress?: string | null
}

/** A single-use e-mail sign-in token; `token` is stored hashed. */
export interface VerificationToken {
  identifier: string
  expires: Date
  token: string
}

/** A WebAuthn authenticator. IDs and keys are standard base64; transports are comma-joined. */
export interface AdapterAuthenticator {
  userId: string
  providerAccountId: string
  counter: number
  credentialBackedUp: boolean
  credentialID: string
  credentialPublicKey: string
  transports?: string | null
  credentialDeviceType: string
  /** Gatehouse extension: the label the user gave this passkey (schema version 4); absent until renamed. */
  name?: string | null
}

/**
 * Gatehouse extension: a user's second factor (schema version 9, capability `twoFactor`). One row per user; it
 * outlives disabling (only `enabled` goes off), so the trusted-devices version never starts again from 0.
 */
export interface AdapterTwoFactor {
  userId: string
  /** The TOTP secret, sealed with a key derived from the configuration's secret; never the plain secret. */
  secret: string
  /** Whether enrolment was confirmed with a first valid code; until then sign-in does not ask for it. */
  enabled: boolean
  /** The last TOTP time step accepted: a code of that step or an earlier one is refused (replay). */
  lastUsedStep: number | null
  /** Hashes of the backup codes not used yet. */
  backupCodes: string[]
  /** Part of every "remember this browser" cookie of the user: raising it voids them all. */
  trustedDevicesVersion: number
}

/**
 * The adapter interface.
 *
 * @example
 * ```ts
 * const config = { adapter: MemoryAdapter(), providers: [...] }
 * ```
 */
export interface Adapter {
  createUser?(user: AdapterUser): Awaitable<AdapterUser>
  getUser?(id: string): Awaitable<AdapterUser | null>
  getUserByEmail?(email: string): Awaitable<AdapterUser | null>
  getUserByAccount?(
    providerAccountId: Pick<AdapterAccount, 'provider' | 'providerAccountId'>,
  ): Awaitable<AdapterUser | null>
  updateUser?(user: Partial<AdapterUser> & Pick<AdapterUser, 'id'>): Awaitable<AdapterUser>
  deleteUser?(userId: string): Promise<void> | Awaitable<AdapterUser | null | undefined>
  linkAccount?(account: AdapterAccount): Promise<void> | Awaitable<AdapterAccount | null | undefined>
  unlinkAccount?(
    providerAccountId: Pick<AdapterAccount, 'provider' | 'providerAccountId'>,
  ): Promise<void> | Awaitable<AdapterAccount | undefined>
  createSession?(session: { sessionToken: string; userId: string; expires: Date }): Awaitable<AdapterSession>
  getSessionAndUser?(sessionToken: string): Awaitable<{ session: AdapterSession; user: AdapterUser } | null>
  updateSession?(
    session: Partial<AdapterSession> & Pick<AdapterSession, 'sessionToken'>,
  ): Awaitable<AdapterSession | null | undefined>
  deleteSession?(sessionToken: string): Promise<void> | Awaitable<AdapterSession | null | undefined>
  createVerificationToken?(
    verificationToken: VerificationToken,
  ): Awaitable<VerificationToken | null | undefined>
  useVerificationToken?(params: { identifier: string; token: string }): Awaitable<VerificationToken | null>
  getAccount?(providerAccountId: string, provider: string): Awaitable<AdapterAccount | null>
  getAuthenticator?(credentialID: string): Awaitable<AdapterAuthenticator | null>
  createAuthenticator?(authenticator: AdapterAuthenticator): Awaitable<AdapterAuthenticator>
  listAuthenticatorsByUserId?(userId: string): Awaitable<AdapterAuthenticator[]>
  updateAuthenticatorCounter?(credentialID: string, newCounter: number): Awaitable<AdapterAuthenticator>
  /**
   * Gatehouse extension: writes refreshed provider tokens (and any other changed columns) of a linked account,
   * so access and refresh tokens in the database do not go stale after the first sign-in.
   */
  updateAccount?(
    account: Partial<AdapterAccount> & Pick<AdapterAccount, 'provider' | 'providerAccountId'>,
  ): Awaitable<AdapterAccount | null | undefined>
  /**
   * Gatehouse extension: creates a user and links their first account as one unit (a transaction), so that a
   * failure leaves neither behind. Used for first OAuth sign-ins when present; without it Gatehouse calls
   * `createUser` then `linkAccount`, and deletes the user again if the link fails, which a database that is down
   * can prevent (the user is then left without an account, and that e-mail meets `OAuthAccountNotLinked`).
   * The account is stored with the new user's id in place of its `userId`. Returns the user as `createUser` does.
   */
  createUserWithAccount?(user: AdapterUser, account: AdapterAccount): Awaitable<AdapterUser>
  /** Gatehouse extension: the sessions of one user, e.g. for a "signed-in devices" page. */
  listSessions?(userId: string): Awaitable<AdapterSession[]>
  /** Gatehouse extension: ends every session of one user ("sign out everywhere"). */
  deleteSessions?(userId: string): Awaitable<void>
  /** Gatehouse extension: the accounts linked to one user (passkey management counts their sign-in methods). */
  listAccounts?(userId: string): Awaitable<AdapterAccount[]>
  /**
   * Gatehouse extension: changes the label of a passkey. Returns the authenticator as stored, or `null` when no
   * authenticator has this credential id.
   */
  updateAuthenticator?(
    credentialID: string,
    changes: { name: string | null },
  ): Awaitable<AdapterAuthenticator | null>
  /**
   * Gatehouse extension: deletes a passkey, with the `webauthn` account it signs in through, as one unit. Returns
   * what was deleted, or `null` when no authenticator has this credential id.
   */
  deleteAuthenticator?(credentialID: string): Awaitable<AdapterAuthenticator | null>
  /**
   * Gatehouse extension (the `Password` provider): the user's password hash (a PHC string, or a legacy hash the
   * application imported), or `null` when the user has no password. Kept in a table of its own, never in a column
   * of Auth.js's schema.
   */
  getPasswordHash?(userId: string): Awaitable<string | null>
  /** Gatehouse extension: sets (creates or replaces) the user's password hash. */
  setPasswordHash?(userId: string, hash: string): Awaitable<void>
  /**
   * Gatehouse extension (revocable JWT sessions): the user's session generation (`0` when never raised) and the
   * session ids revoked one by one whose entries have not expired, in one lookup.
   */
  getSessionRevocations?(userId: string): Awaitable<{ generation: number; revoked: string[] }>
  /** Gatehouse extension: revokes one JWT session id of the user; the entry may be dropped after `expires`. */
  addSessionRevocation?(userId: string, sessionId: string, expires: Date): Awaitable<void>
  /** Gatehouse extension: raises the user's session generation by one (ending every JWT session issued before). */
  incrementSessionGeneration?(userId: string): Awaitable<number>
  /** Gatehouse extension (schema version 7): sets metadata columns of a database session's row. */
  updateSessionMetadata?(sessionToken: string, metadata: Partial<SessionMetadata>): Awaitable<void>
  /** Gatehouse extension: records a JWT session (its id, user, generation, metadata). */
  createJwtSession?(record: JwtSessionRecord): Awaitable<void>
  /** Gatehouse extension: the user's JWT session records that have not expired. */
  listJwtSessions?(userId: string): Awaitable<JwtSessionRecord[]>
  /** Gatehouse extension: refreshes a JWT session record when its token is re-issued. */
  updateJwtSession?(userId: string, id: string, changes: { lastSeenAt: Date; expires: Date }): Awaitable<void>
  /** Gatehouse extension: forgets a JWT session record. */
  deleteJwtSession?(userId: string, id: string): Awaitable<void>
  /** Gatehouse extension (schema version 7): appends one event to the audit trail. */
  createAuditEvent?(event: AuditEvent): Awaitable<void>
  /** Gatehouse extension: a user's audit events, newest first, at most `limit`, only before `before` when given. */
  listAuditEvents?(
    userId: string,
    options: { limit: number; before?: Date | undefined },
  ): Awaitable<AuditEvent[]>
  /** Gatehouse extension (two-factor): the user's second factor, or `null` when they never enrolled. */
  getTwoFactor?(userId: string): Awaitable<AdapterTwoFactor | null>
  /** Gatehouse extension (two-factor): writes the whole record, creating it or replacing the user's. */
  setTwoFactor?(record: AdapterTwoFactor): Awaitable<AdapterTwoFactor>
  /**
   * Gatehouse extension (two-factor): records `step` as the last TOTP time step used, only when it is later than
   * the stored one, in one atomic write; `false` when it is not (a replay, or a race another request won).
   */
  useTwoFactorStep?(userId: string, step: number): Awaitable<boolean>
  /**
   * Gatehouse extension (two-factor): removes one backup code hash in one atomic write; `false` when the user has
   * no such unused code (never had it, or used it already, perhaps in a concurrent request).
   */
  useBackupCode?(userId: string, codeHash: string): Awaitable<boolean>
  /** Gatehouse extension (two-factor): raises the trusted-devices version, voiding every remembered browser. */
  voidTrustedDevices?(userId: string): Awaitable<void>
}

/** The methods of {@link Adapter}. */
export type AdapterMethod = keyof Adapter
