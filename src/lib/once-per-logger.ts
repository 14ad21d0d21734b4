import type { LoggerInstance } from '../types.js'

/** How many distinct keys are remembered per logger; past it, a message is logged again rather than memory grow. */
const MAX_KEYS = 1_000

// The one process-wide memory of the logging path, on purpose: a framework that builds a new configuration
// object for every call (next-auth's server actions, a configuration function of the request) resolves it every
// time, and a warning or a broken configuration must still be written once, not once per request.
const seen = new WeakMap<object, Set<string>>()
const consoleLogger = {}

/**
 * Whether `key` is new for this logger (the user's logger object, or the console when there is none) in this
 * process, remembering it. Keys are the message and the shape of the configuration it is about.
 */
export function oncePerLogger(logger: Partial<LoggerInstance> | undefined, key: string): boolean {
  const owner = logger ?? consoleLogger
  let keys = seen.get(owner)
  if (!keys) {
    keys = new Set()
    seen.set(owner, keys)
  }
  if (keys.has(key)) return false
  if (keys.size < MAX_KEYS) keys.add(key)
  return true
}
