/** Heap measurement after a full garbage collection, for the fuzz suites' memory bound. */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

let gc: (() => void) | undefined

/** The used heap in bytes after a full collection (gc is exposed on first use when Node was started without it). */
export function heapAfterGc(): number {
  if (!gc) {
    const exposed = (globalThis as { gc?: () => void }).gc
    if (exposed) gc = exposed
    else {
      setFlagsFromString('--expose-gc')
      gc = runInNewContext('gc') as () => void
    }
  }
  gc()
  gc()
  return process.memoryUsage().heapUsed
}
