import { cryptoBackend } from '#crypto'
import { clientAddressOf } from '../rate-limit/client-address.js'
import type { RateLimitStore } from '../rate-limit/rate-limit-store.js'
import type { RequestContext } from '../routing/request-context.js'

/** The `throttle` option of the `Password` provider. */
export interface PasswordThrottleOptions {
  /** Consecutive failures of one account before any delay. Default 5. */
  freeFailures?: number
  /** The delay after the last free failure, in milliseconds (from 100), doubled at every further failure. Default 1000. */
  baseDelay?: number
  /** The longest delay, in milliseconds. Default 900 000 (15 minutes). */
  maxDelay?: number
  /**
   * Consecutive failures after which the account is locked until its password is reset, even for the right
   * password (NIST SP 800-63B-4 §3.2.2: at most 100). Default 100.
   */
  maxConsecutiveFailures?: number
  /**
   * Failures from one client address across every account (credential stuffing): at most `max` in `windowMs`,
   * then that client waits for the window to end. `false` turns it off. Default { max: 50, windowMs: 900 000 }.
   */
  perClient?: { max: number; windowMs: number } | false
  /**
   * What a password attempt gets while `stores.limits` cannot count it (Redis or the database down): `'refuse'`
   * (fail closed: the error page, never an unthrottled guess) or `'allow'` (fail open: checked without the
   * throttle, each miss logged). Default `'refuse'`.
   */
  whenStoreDown?: 'refuse' | 'allow'
}

export type ResolvedThrottle = Required<Omit<PasswordThrottleOptions, 'perClient'>> & {
  perClient: { max: number; windowMs: number } | false
}

export const DEFAULT_THROTTLE: ResolvedThrottle = Object.freeze({
  freeFailures: 5,
  baseDelay: 1000,
  maxDelay: 900_000,
  maxConsecutiveFailures: 100,
  perClient: Object.freeze({ max: 50, windowMs: 900_000 }),
  whenStoreDown: 'refuse',
})

// Counters outlive any delay: failures stay consecutive until a success or a reset clears them.
const FAILURE_WINDOW = 365 * 86_400_000
// "Until a reset": as long as a counter can be kept.
const LOCKED = 10 * 365 * 86_400_000
const PEEK_MS = 1

/** Why the options cannot be used, or `undefined`. */
export function throttleProblem(value: unknown): string | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'object' || value === null) return '`throttle` must be an object.'
  const t = { ...DEFAULT_THROTTLE, ...value } as Record<string, unknown>
  const whole = (v: unknown, min: number) => Number.isInteger(v) && (v as number) >= min
  if (!whole(t.freeFailures, 1)) return '`throttle.freeFailures` must be a whole number from 1.'
  if (!whole(t.baseDelay, 100)) return '`throttle.baseDelay` must be milliseconds from 100.'
  if (!whole(t.maxDelay, t.baseDelay as number)) return '`throttle.maxDelay` must be at least `baseDelay`.'
  if (
    !whole(t.maxConsecutiveFailures, t.freeFailures as number) ||
    (t.maxConsecutiveFailures as number) > 100
  )
    return '`throttle.maxConsecutiveFailures` must be from `freeFailures` to 100 (NIST SP 800-63B-4).'
  const c = t.perClient as Record<string, unknown> | false
  if (c !== false && (typeof c !== 'object' || c === null || !whole(c.max, 1) || !whole(c.windowMs, 1000)))
    return '`throttle.perClient` must be `false` or { max: a whole number from 1, windowMs: 1000 or more }.'
  if (t.whenStoreDown !== 'refuse' && t.whenStoreDown !== 'allow')
    return "`throttle.whenStoreDown` must be 'refuse' or 'allow'."
  return undefined
}

/** A throttled attempt: when to try again, in whole seconds. */
export interface Throttled {
  retryAfter: number
}

function sha(value: string): string {
  return cryptoBackend.sha256Hex(value)
}

/**
 * Throttling of password attempts on the configuration's `stores.limits` (one per configuration; a `RedisStore`
 * shares it between instances). Keys hold SHA-256s of the address and of the client, never either. Per account,
 * the consecutive failures: after `freeFailures`, each failure opens a wait that doubles (capped at `maxDelay`),
 * and at `maxConsecutiveFailures` the wait lasts until a reset. Per client, failures across accounts. A throttled
 * attempt is answered at once: the password is not even checked, so the answer is the same for an address that
 * has an account and one that has none.
 *
 * The store offers only `increment` and `reset`: a wait is a counter whose window ends when the wait does, and
 * looking at it is an increment with a 1 ms window (a first hit, count 1, means no wait was open).
 */
export class PasswordThrottle {
  constructor(
    readonly store: RateLimitStore,
    readonly options: ResolvedThrottle,
    /** Told of a store failure let through (`whenStoreDown: 'allow'`). */
    readonly onStoreDown: (error: unknown) => void = () => {},
  ) {}

  // Fails closed (rethrows) unless the application chose to let attempts through while the store is down.
  async #orOpen<T>(work: () => Promise<T>, open: T): Promise<T> {
    try {
      return await work()
    } catch (error) {
      if (this.options.whenStoreDown !== 'allow') throw error
      this.onStoreDown(error)
      return open
    }
  }

  #keys(account: string, client: string | undefined) {
    const a = sha(account)
    return {
      failures: `password:failures:${a}`,
      wait: `password:wait:${a}`,
      clientFailures: client === undefined ? undefined : `password:client:${sha(client)}`,
      clientWait: client === undefined ? undefined : `password:client-wait:${sha(client)}`,
    }
  }

  // A look is an increment with a 1 ms window: a first hit (count 1) means no wait was open. Looks of the same
  // key within that millisecond share its window, so only a window reaching past it is a wait.
  async #openWait(key: string, now: number): Promise<number | undefined> {
    const hit = await this.store.increment(key, PEEK_MS)
    return hit.count > 1 && hit.resetAt - now > PEEK_MS ? hit.resetAt : undefined
  }

  async #setWait(key: string, ms: number): Promise<void> {
    // A look between the reset and the increment would leave its 1 ms window in place of the wait: start again.
    for (let attempt = 0; attempt < 3; attempt++) {
      await this.store.reset(key)
      const hit = await this.store.increment(key, ms)
      if (hit.resetAt - Date.now() > ms / 2) return
    }
  }

  /** Whether an attempt for `account` from `client` must wait, and how long. */
  check(account: string, client: string | undefined): Promise<Throttled | undefined> {
    return this.#orOpen(() => this.#check(account, client), undefined)
  }

  async #check(account: string, client: string | undefined): Promise<Throttled | undefined> {
    const keys = this.#keys(account, client)
    const now = Date.now()
    const [accountUntil, clientUntil] = await Promise.all([
      this.#openWait(keys.wait, now),
      keys.clientWait === undefined || this.options.perClient === false
        ? undefined
        : this.#openWait(keys.clientWait, now),
    ])
    const until = Math.max(accountUntil ?? 0, clientUntil ?? 0)
    return until > now ? { retryAfter: Math.max(1, Math.ceil((until - now) / 1000)) } : undefined
  }

  /** Counts a failed attempt, opening the waits it calls for. */
  failed(account: string, client: string | undefined): Promise<void> {
    return this.#orOpen(() => this.#failed(account, client), undefined)
  }

  async #failed(account: string, client: string | undefined): Promise<void> {
    const keys = this.#keys(account, client)
    const { freeFailures, baseDelay, maxDelay, maxConsecutiveFailures, perClient } = this.options
    const { count } = await this.store.increment(keys.failures, FAILURE_WINDOW)
    if (count >= maxConsecutiveFailures) await this.#setWait(keys.wait, LOCKED)
    else if (count >= freeFailures)
      await this.#setWait(keys.wait, Math.min(maxDelay, baseDelay * 2 ** (count - freeFailures)))
    if (perClient !== false && keys.clientFailures !== undefined && keys.clientWait !== undefined) {
      const hit = await this.store.increment(keys.clientFailures, perClient.windowMs)
      if (hit.count >= perClient.max)
        await this.#setWait(keys.clientWait, Math.max(1, hit.resetAt - Date.now()))
    }
  }

  /** After a successful sign-in: the account's failures are no longer consecutive. */
  succeeded(account: string): Promise<void> {
    return this.#orOpen(() => this.store.reset(this.#keys(account, undefined).failures), undefined)
  }

  /** After a password reset: the account starts again, unlocked. */
  async unlock(account: string): Promise<void> {
    const keys = this.#keys(account, undefined)
    await Promise.all([this.store.reset(keys.failures), this.store.reset(keys.wait)])
  }
}

/** The client address an attempt is counted against (as the integrations pass it). */
export function throttleClient(ctx: RequestContext): string | undefined {
  return clientAddressOf(ctx.req)
}
