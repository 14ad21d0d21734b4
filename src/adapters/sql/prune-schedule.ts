import type { PruneResult } from './prune-expired.js'

/** The prune interval of a SQL adapter (off unless `pruneEvery` is given). */
export interface PruneOptions {
  /**
   * Deletes expired sessions and verification tokens every this many milliseconds (at least 1000), from this
   * process. The timer does not keep the process alive; `adapter.stopPruning()` ends it. With several instances,
   * one pruning is enough (or use `gatehouse prune` from a scheduled job).
   */
  pruneEvery?: number | undefined
  /** Told of each prune: what it deleted, or why it failed. Default: failures go to `console.error`. */
  onPrune?: ((outcome: { deleted: PruneResult } | { error: unknown }) => void) | undefined
}

/** Runs `prune` every `options.pruneEvery` ms, never twice at once; returns the function that stops it. */
export function schedulePrune(prune: () => Promise<PruneResult>, options: PruneOptions): () => void {
  const every = options.pruneEvery
  if (every === undefined) return () => {}
  if (!Number.isFinite(every) || every < 1000) {
    throw new TypeError(`pruneEvery must be a number of milliseconds, at least 1000 (got ${String(every)})`)
  }
  const report =
    options.onPrune ??
    ((outcome) => {
      if ('error' in outcome)
        console.error('[gatehouse] pruning expired sessions and tokens failed:', outcome.error)
    })
  let running = false
  const timer = setInterval(() => {
    if (running) return
    running = true
    prune().then(
      (deleted) => {
        running = false
        report({ deleted })
      },
      (error: unknown) => {
        running = false
        report({ error })
      },
    )
  }, every)
  // A timer of an adapter must not keep a finished script or a test runner alive.
  ;(timer as { unref?: () => void }).unref?.()
  return () => clearInterval(timer)
}
