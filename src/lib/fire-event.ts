import { EventError } from '../errors.js'
import type { LoggerInstance } from '../types.js'

/** Runs an event handler; one that throws is logged and never breaks the flow. */
export async function fireEvent<T>(
  ctx: { readonly config: { readonly logger: LoggerInstance } },
  handler: ((m: T) => unknown) | undefined,
  message: T,
): Promise<void> {
  if (!handler) return
  try {
    await handler(message)
  } catch (error) {
    ctx.config.logger.error(new EventError(error instanceof Error ? error : String(error)))
  }
}
