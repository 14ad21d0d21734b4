import type { Account, Profile, User } from '../types.js'

/**
 * A sign-in whose first factor is done and whose user is known, before its session exists: the typed state a
 * sign-in gate may hold in the browser (sealed) and a later request resumes. Plain data only, so it survives a
 * JSON round trip ({@link sealableSignIn}, {@link readSealedSignIn}); the flow that made it is not needed again.
 */
export interface ResolvedSignIn {
  /** The provider of the first factor. */
  readonly providerId: string
  /** Who the session is for: the adapter user, or (JWT sessions without one) the user the flow returned. */
  readonly sessionUser: User
  /**
   * Who `events.signIn` names: the same user, except for credentials with database sessions, where the event gets
   * `authorize`'s own result and the session the adapter user it names (spec §6).
   */
  readonly user: User
  readonly account: Account
  readonly profile?: Profile | undefined
  /** Whether the sign-in created the user: the `jwt` trigger is then `signUp`, and `pages.newUser` applies. */
  readonly isNewUser: boolean
  /** Whether the first factor was itself more than one factor (a passkey with user verification). */
  readonly multiFactor: boolean
}

/** A {@link ResolvedSignIn} as JSON can carry it: the places that held a `Date` are listed, to be revived. */
export interface SealableSignIn {
  readonly signIn: ResolvedSignIn
  /** Paths (keys and indexes from the state's root) of the values that were dates, e.g. `['user', 'emailVerified']`. */
  readonly dates: ReadonlyArray<ReadonlyArray<string | number>>
}

/** Deeper than any user, account or profile: a deeper (or circular) value is refused, not walked. */
const MAX_DEPTH = 16

function collectDates(
  value: unknown,
  path: Array<string | number>,
  out: Array<Array<string | number>>,
): void {
  if (value instanceof Date) {
    out.push([...path])
    return
  }
  if (value === null || typeof value !== 'object') return
  if (path.length >= MAX_DEPTH) throw new TypeError('The sign-in state is nested too deeply to be held.')
  const entries = Array.isArray(value) ? value.entries() : Object.entries(value)
  for (const [key, item] of entries) {
    path.push(key)
    collectDates(item, path, out)
    path.pop()
  }
}

/**
 * The state with the paths of its dates: `JSON.stringify` writes a `Date` as its ISO text, and
 * {@link readSealedSignIn} turns exactly those places back into dates (never a string that merely looks like one).
 */
export function sealableSignIn(signIn: ResolvedSignIn): SealableSignIn {
  const dates: Array<Array<string | number>> = []
  collectDates(signIn, [], dates)
  return { signIn, dates }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function optionalString(value: unknown): value is string | undefined {
  return value === undefined || typeof value === 'string'
}

/**
 * Turns the ISO text at `path` back into a `Date`. Only own properties are followed, so no path can reach a
 * prototype; a path that leads nowhere, or to something that is not date text, is skipped.
 */
function reviveDate(root: Record<string, unknown>, path: readonly unknown[]): void {
  let holder: unknown = root
  for (const [index, key] of path.entries()) {
    if (typeof key !== 'string' && typeof key !== 'number') return
    if (holder === null || typeof holder !== 'object' || !Object.hasOwn(holder, key)) return
    const container = holder as Record<string | number, unknown>
    if (index < path.length - 1) {
      holder = container[key]
      continue
    }
    const text = container[key]
    const date = typeof text === 'string' ? new Date(text) : undefined
    if (date !== undefined && !Number.isNaN(date.getTime())) container[key] = date
  }
}

/**
 * The state read back from JSON (a sealed cookie's payload): checked field by field, dates revived; `undefined`
 * when it is not a state this version wrote.
 */
export function readSealedSignIn(value: unknown, dates: unknown): ResolvedSignIn | undefined {
  if (!isRecord(value) || !Array.isArray(dates)) return undefined
  const { providerId, sessionUser, user, account, profile, isNewUser, multiFactor } = value
  if (typeof providerId !== 'string' || typeof isNewUser !== 'boolean' || typeof multiFactor !== 'boolean') {
    return undefined
  }
  if (!isRecord(sessionUser) || !isRecord(user) || !isRecord(account)) return undefined
  if (!optionalString(sessionUser['id']) || !optionalString(user['id'])) return undefined
  if (typeof account['provider'] !== 'string' || typeof account['providerAccountId'] !== 'string')
    return undefined
  if (typeof account['type'] !== 'string' || (profile !== undefined && !isRecord(profile))) return undefined
  for (const path of dates) if (Array.isArray(path)) reviveDate(value, path)
  return value as unknown as ResolvedSignIn
}
