import { createLogger } from '../../lib/logger.js'
import type { AuthConfig } from '../../types.js'

/** Logs through the configuration's logger (the console without one); a logger that throws is ignored. */
export function logSvelteKitError(config: AuthConfig | undefined, error: unknown): void {
  try {
    createLogger(config?.logger, config?.debug === true).error(
      error instanceof Error ? error : new Error(String(error)),
    )
  } catch {
    // A logger that throws must not turn a failed session check into a crash.
  }
}
