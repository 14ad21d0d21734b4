import { localAdapters } from '../adapters/local-adapters.js'
import { oncePerLogger } from '../lib/once-per-logger.js'
import { MemoryRateLimitStore } from '../rate-limit/memory-rate-limit-store.js'
import { MemoryStore } from '../stores/memory-store.js'
import type { ResolvedStores } from '../stores/resolve-stores.js'
import { raw, skipCSRFCheck } from '../symbols.js'
import type { AuthConfig, LoggerInstance, WarningCode } from '../types.js'

/**
 * The warnings of a configuration that resolved: each logged once per process, logger and configuration shape
 * (`shape` names what the configuration is, e.g. its base path and providers), however often an equal
 * configuration object is built. `csrf-disabled` is not logged for a framework's own server-side call (`raw`
 * with `skipCSRFCheck`: Next.js server actions, SvelteKit form actions), where the framework checks the origin.
 * `stores-not-shared`: a server database's adapter (one that instances on several machines share) beside stores
 * that hold only in this process, which is what a multi-instance deployment gets wrong silently.
 */
export function logConfigWarnings(
  config: AuthConfig,
  secrets: readonly string[],
  logger: LoggerInstance,
  shape: string,
  stores?: ResolvedStores,
): void {
  const warn = (code: WarningCode) => {
    if (oncePerLogger(config.logger, `warn:${code}:${shape}`)) logger.warn(code)
  }
  if (secrets.some((s) => s.length < 32)) warn('short-secret')
  if (config.debug) warn('debug-enabled')
  if (config.skipCSRFCheck === skipCSRFCheck && config.raw !== raw) warn('csrf-disabled')
  if (stores && sharedDatabase(config.adapter) && inMemory(stores)) warn('stores-not-shared')
}

const sharedDatabase = (adapter: unknown): boolean =>
  typeof adapter === 'object' && adapter !== null && !localAdapters.has(adapter)

const inMemory = ({ limits, singleUse }: ResolvedStores): boolean =>
  (limits instanceof MemoryStore || limits instanceof MemoryRateLimitStore) &&
  singleUse instanceof MemoryStore
