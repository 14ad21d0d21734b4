/** The connection-error option of the pooled SQL adapters (PostgreSQL, MySQL/MariaDB). */
export interface ConnectionErrorOptions {
  /**
   * Told when the database ends pooled connections on its side (a restart, a failover, an administrator's
   * `pg_terminate_backend` or `KILL`): the pool drops them and opens new ones for the next queries, and the process
   * keeps running. Called once per burst: the first error, then not again until 10 s have passed without one (a
   * restart ends every idle connection at once). Default: one line on `console.error`.
   */
  onConnectionError?: ((error: Error) => void) | undefined
}

/** How long a burst of connection errors lasts after its last error. */
const BURST_QUIET_MS = 10_000

function logToConsole(error: Error): void {
  console.error(
    `[gatehouse] The database closed pooled connections (${error.message}); the pool opens new ones for the next ` +
      `queries. Further connection errors within ${BURST_QUIET_MS / 1000} s are not logged again.`,
  )
}

/**
 * A listener for a pool's (or its connections') `'error'` events that reports the first error of each burst to
 * `report`. Listening at all is what matters: an `'error'` event without a listener ends a Node process.
 */
export function connectionErrorReporter(
  report: () => ((error: Error) => void) | undefined,
): (error: unknown) => void {
  let lastAt = Number.NEGATIVE_INFINITY
  return (error) => {
    const now = Date.now()
    const startsBurst = now - lastAt > BURST_QUIET_MS
    lastAt = now
    if (!startsBurst) return
    const reported = error instanceof Error ? error : new Error(String(error))
    try {
      ;(report() ?? logToConsole)(reported)
    } catch (hookError) {
      // A throwing hook inside an 'error' listener would end the process this listener exists to keep alive.
      console.error('[gatehouse] onConnectionError threw:', hookError, 'while reporting:', reported)
    }
  }
}
