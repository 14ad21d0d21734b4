/**
 * The runtime of revocable JWT sessions: where revocations live (a store or the adapter), how often a user's are
 * read again (`session.revocationCheckInterval`), and the in-process cache that makes a session check cost at most
 * one lookup per user per interval.
 *
 * @module
 */
import type { Adapter } from '../adapters/adapter.js'
import type { JWT } from '../types.js'
import { isSessionRecordStore, type SessionRecordStore } from './session-record.js'
import { isSessionRevocationStore, type SessionRevocationStore } from './session-revocation-store.js'

/** The JWT claim holding the session's id: stable across re-issues (unlike `jti`, which each encoding renews). */
export const SESSION_ID_CLAIM = 'gh_sid'
/** The JWT claim holding the user's session generation when the session was issued. */
export const GENERATION_CLAIM = 'gh_gen'

/** What is known of one user's revocations, and when it was read. */
interface Known {
  readonly at: number
  generation: number
  readonly revoked: Set<string>
}

/** Most users whose revocations are remembered at once; the oldest is dropped first. */
const MAX_USERS = 10_000

/**
 * Revocations as one process knows them, shared by every configuration over the same store (so two configurations
 * of one app see each other's revocations at once).
 */
class RevocationCache {
  readonly known = new Map<string, Known>()
  readonly pending = new Map<string, Promise<Known>>()

  remember(userId: string, known: Known): Known {
    this.known.delete(userId)
    if (this.known.size >= MAX_USERS) this.known.delete(this.known.keys().next().value!)
    this.known.set(userId, known)
    return known
  }
}

const caches = new WeakMap<object, RevocationCache>()

/** Revocable JWT sessions as a resolved configuration has them. */
export interface SessionRevocation {
  readonly store: SessionRevocationStore
  /** Milliseconds a user's revocations are trusted before they are read again; 0 reads on every check. */
  readonly intervalMs: number
  readonly cache: RevocationCache
  /** Where JWT session records are kept (the same store or adapter), when it keeps them. */
  readonly records: SessionRecordStore | undefined
}

/** An adapter's revocation methods as a store (they may answer synchronously). */
function adapterStore(adapter: Adapter & SessionRevocationStore): SessionRevocationStore {
  return {
    getSessionRevocations: (userId) => Promise.resolve(adapter.getSessionRevocations(userId)),
    addSessionRevocation: (userId, id, expires) =>
      Promise.resolve(adapter.addSessionRevocation(userId, id, expires)),
    incrementSessionGeneration: (userId) => Promise.resolve(adapter.incrementSessionGeneration(userId)),
  }
}

/** Record methods that may answer synchronously (an adapter's), as promises. */
function adapterRecords(source: SessionRecordStore): SessionRecordStore {
  return {
    createJwtSession: (r) => Promise.resolve(source.createJwtSession(r)),
    listJwtSessions: (u) => Promise.resolve(source.listJwtSessions(u)),
    updateJwtSession: (u, id, c) => Promise.resolve(source.updateJwtSession(u, id, c)),
    deleteJwtSession: (u, id) => Promise.resolve(source.deleteJwtSession(u, id)),
  }
}

/**
 * Where this configuration remembers revocations: `stores.sessions`, else an adapter with the revocation methods
 * (Gatehouse's own), else nowhere: JWT sessions are then not revocable, as in Auth.js.
 */
export function resolveSessionRevocation(
  store: SessionRevocationStore | undefined,
  adapter: Adapter | undefined,
  intervalSeconds: number,
  givenAdapter: object | undefined,
): SessionRevocation | undefined {
  if (store === undefined && !isSessionRevocationStore(adapter)) return undefined
  // The cache belongs to the store the application gave (not to this configuration's guarded wrapper of it), so
  // every configuration and function of this process over that store sees a revocation at once.
  const owner = store ?? givenAdapter ?? adapter!
  let cache = caches.get(owner)
  if (cache === undefined) caches.set(owner, (cache = new RevocationCache()))
  const source: unknown = store ?? adapter
  return {
    store: store ?? adapterStore(adapter as Adapter & SessionRevocationStore),
    intervalMs: intervalSeconds * 1000,
    cache,
    records: isSessionRecordStore(source) ? adapterRecords(source) : undefined,
  }
}

function read(revocation: SessionRevocation, userId: string): Promise<Known> {
  const at = Date.now()
  return revocation.store
    .getSessionRevocations(userId)
    .then(({ generation, revoked }) =>
      revocation.cache.remember(userId, { at, generation, revoked: new Set(revoked) }),
    )
}

/**
 * The user's revocations: from the cache while younger than the interval (no promise: the hot path stays
 * synchronous), else read from the store, one read per user at a time.
 */
export function knownRevocations(revocation: SessionRevocation, userId: string): Known | Promise<Known> {
  const { cache, intervalMs } = revocation
  const known = cache.known.get(userId)
  if (known !== undefined && Date.now() - known.at < intervalMs) return known
  // With interval 0 a check must see every revocation finished before it began: no joining a read in flight.
  if (intervalMs === 0) return read(revocation, userId)
  let pending = cache.pending.get(userId)
  if (pending === undefined) {
    pending = read(revocation, userId).finally(() => cache.pending.delete(userId))
    cache.pending.set(userId, pending)
  }
  return pending
}

/** Whether a token is revoked: issued under an older generation, or its session id revoked one by one. */
export function isRevoked(known: Known, token: JWT): boolean {
  const generation = token[GENERATION_CLAIM]
  if ((typeof generation === 'number' ? generation : 0) < known.generation) return true
  const id = token[SESSION_ID_CLAIM]
  return typeof id === 'string' && known.revoked.has(id)
}

/** The claims a new session of the user carries: a fresh session id and the user's current generation. */
export async function newSessionClaims(
  revocation: SessionRevocation,
  userId: string,
  randomId: () => string,
): Promise<Record<string, unknown>> {
  // Read afresh, not from the cache: a generation known too low would revoke the new session at the next read.
  const known = await read(revocation, userId)
  return { [SESSION_ID_CLAIM]: randomId(), [GENERATION_CLAIM]: known.generation }
}

/** Revokes one session id; this process knows at once, other instances within the interval. */
export async function revokeSessionId(
  revocation: SessionRevocation,
  userId: string,
  sessionId: string,
  expires: Date,
): Promise<void> {
  await revocation.store.addSessionRevocation(userId, sessionId, expires)
  revocation.cache.known.get(userId)?.revoked.add(sessionId)
}

/** Raises the user's generation, ending every session issued before; answers the new generation. */
export async function raiseGeneration(revocation: SessionRevocation, userId: string): Promise<number> {
  const generation = await revocation.store.incrementSessionGeneration(userId)
  const known = revocation.cache.known.get(userId)
  if (known !== undefined && known.generation < generation) known.generation = generation
  return generation
}
