import { oncePerLogger } from '../lib/once-per-logger.js'
import { raw, skipCSRFCheck } from '../symbols.js'
import type { AuthConfig, LoggerInstance, WarningCode } from '../types.js'

/**
 * The warnings of a configuration that resolved: each logged once per process, logger and configuration shape
 * (`shape` names what the configuration is, e.g. its base path and providers), however often an equal
 * configuration object is built. `csrf-disabled` is not logged for a framework's own server-side call (`raw`
 * with `skipCSRFCheck`: Next.js server actions, SvelteKit form actions), where the framework checks the origin.
 */
export function logConfigWarnings(
  config: AuthConfig,
  secrets: readonly string[],
  logger: LoggerInstance,
  shape: string,
): void {
  const warn = (code: WarningCode) => {
    if (oncePerLogger(config.logger, `warn:${code}:${shape}`)) logger.warn(code)
  }
  if (secrets.some((s) => s.length < 32)) warn('short-secret')
  if (config.debug) warn('debug-enabled')
  if (config.skipCSRFCheck === skipCSRFCheck && config.raw !== raw) warn('csrf-disabled')
}
