import type { ReportIssue } from '../config/config-issues.js'
import type { RateLimitStore } from '../rate-limit/rate-limit-store.js'
import { MemoryStore } from './memory-store.js'
import { isSessionRevocationStore, type SessionRevocationStore } from '../session/session-revocation-store.js'
import type { SingleUseStore } from './single-use-store.js'
import type { StoresOptions } from './stores-options.js'

/** The stores of a resolved configuration: every role filled. */
export interface ResolvedStores {
  readonly limits: RateLimitStore
  readonly singleUse: SingleUseStore
  /** Revocations of JWT sessions, only when given. */
  readonly sessions: SessionRevocationStore | undefined
}

const ROLES = new Set(['limits', 'singleUse', 'sessions'])

function isLimits(value: unknown): value is RateLimitStore {
  const store = value as Partial<RateLimitStore> | null
  return (
    typeof store === 'object' &&
    store !== null &&
    typeof store.increment === 'function' &&
    typeof store.reset === 'function'
  )
}

function isSingleUse(value: unknown): value is SingleUseStore {
  const store = value as Partial<SingleUseStore> | null
  return typeof store === 'object' && store !== null && typeof store.consume === 'function'
}

/**
 * The stores of a configuration, resolved once: the given ones, and one `MemoryStore` of its own for the roles
 * left out. Every problem with the option is reported, with what to do.
 */
export function resolveStores(option: StoresOptions | undefined, report: ReportIssue): ResolvedStores {
  const isObject = typeof option === 'object' && option !== null && !Array.isArray(option)
  const given: Record<string, unknown> = isObject ? (option as Record<string, unknown>) : {}
  if (option !== undefined && !isObject) {
    report({
      option: 'stores',
      problem: 'is not an object.',
      fix: 'Give { limits?, singleUse? }, for example { limits: store, singleUse: store } with one RedisStore.',
    })
  }
  for (const key of Object.keys(given)) {
    if (!ROLES.has(key))
      report({
        option: `stores.${key}`,
        problem: 'is not a store role.',
        fix: 'The roles are `limits`, `singleUse` and `sessions`.',
      })
  }
  const limits = given['limits']
  const singleUse = given['singleUse']
  if (limits !== undefined && !isLimits(limits)) {
    report({
      option: 'stores.limits',
      problem: 'has no `increment(key, windowMs)` and `reset(key)`.',
      fix: 'Give a RateLimitStore, such as MemoryStore or RedisStore.',
    })
  }
  if (singleUse !== undefined && !isSingleUse(singleUse)) {
    report({
      option: 'stores.singleUse',
      problem: 'has no `consume(key, ttlMs)`.',
      fix: 'Give a SingleUseStore, such as MemoryStore or RedisStore.',
    })
  }
  const sessions = given['sessions']
  if (sessions !== undefined && !isSessionRevocationStore(sessions)) {
    report({
      option: 'stores.sessions',
      problem:
        'has no `getSessionRevocations(userId)`, `addSessionRevocation(userId, sessionId, expires)` and ' +
        '`incrementSessionGeneration(userId)`.',
      fix: 'Give a SessionRevocationStore, such as MemoryStore or RedisStore.',
    })
  }
  let memory: MemoryStore | undefined
  return Object.freeze({
    sessions: isSessionRevocationStore(sessions) ? sessions : undefined,
    limits: isLimits(limits) ? limits : (memory ??= new MemoryStore()),
    singleUse: isSingleUse(singleUse) ? singleUse : (memory ??= new MemoryStore()),
  })
}

/**
 * What a binding (`NextAuth(fn)`, `SvelteKitAuth(fn)`, Hono's `initAuthConfig(cb)`, `Auth(request, fn)`, an
 * `ExpressAuth` mount) does to each configuration object it is given or derives: the roles the configuration leaves
 * out are filled with one `MemoryStore` of the binding's, in a copy made once per object (so a configuration
 * returned again resolves once). A configuration resolves once per object, and where one is built per request, or
 * one binding derives several (a raw-mode twin, a mount path), each would otherwise count and remember on its own,
 * and neither a limit nor a single use would hold. A `stores` value that is not an object is left for resolution to
 * report.
 */
export function fillDefaultStores(): <C extends { stores?: StoresOptions | undefined }>(config: C) => C {
  let memory: MemoryStore | undefined
  const filled = new WeakMap<object, object>()
  return <C extends { stores?: StoresOptions | undefined }>(config: C): C => {
    if (typeof config !== 'object' || config === null) return config
    const option = config.stores
    if (option !== undefined && (typeof option !== 'object' || option === null || Array.isArray(option)))
      return config
    if (option?.limits !== undefined && option.singleUse !== undefined) return config
    let copy = filled.get(config) as C | undefined
    if (copy === undefined) {
      memory ??= new MemoryStore()
      const stores = { ...option, limits: option?.limits ?? memory, singleUse: option?.singleUse ?? memory }
      copy = { ...config, stores }
      filled.set(config, copy)
    }
    return copy
  }
}
