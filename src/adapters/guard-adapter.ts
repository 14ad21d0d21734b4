import { AdapterError, AuthError } from '../errors.js'
import type { Adapter } from './adapter.js'

/** A call being watched for its deadline. */
interface Watched {
  deadline: number
  expire(): void
}

/**
 * Deadlines for many calls with one timer: a call costs a Set insert and delete instead of a timer of its own (a
 * timer per session check would cost about as much as the rest of Gatehouse's work on it). The timer checks every
 * quarter of the timeout, so a call fails between 1 and 1.25 times the timeout after it started; it runs only while
 * calls are being made, and never keeps the process alive.
 */
function deadlineWatch(timeoutMs: number) {
  const pending = new Set<Watched>()
  const every = Math.max(5, Math.min(1000, Math.floor(timeoutMs / 4)))
  let timer: ReturnType<typeof setInterval> | undefined
  let touched = false
  const sweep = () => {
    const now = Date.now()
    for (const call of pending) {
      if (call.deadline <= now) {
        pending.delete(call)
        call.expire()
      }
    }
    if (pending.size === 0 && !touched) {
      clearInterval(timer)
      timer = undefined
    }
    touched = false
  }
  return {
    watch<T>(promise: PromiseLike<T>, onTimeout: () => Error): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const call: Watched = { deadline: Date.now() + timeoutMs, expire: () => reject(onTimeout()) }
        pending.add(call)
        touched = true
        if (timer === undefined) {
          timer = setInterval(sweep, every)
          // On Node the sweep must not keep the process alive; other runtimes' timers have no `unref`.
          ;(timer as unknown as { unref?: () => void }).unref?.()
        }
        promise.then(
          (value) => {
            pending.delete(call)
            resolve(value)
          },
          (error: unknown) => {
            pending.delete(call)
            // The guard below turns it into AdapterError; only its message matters then.
            reject(error instanceof Error ? error : new Error(String(error)))
          },
        )
      })
    },
  }
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as { then?: unknown } | null)?.then === 'function'

/**
 * Wraps every method of `adapter` so that a failure surfaces as one `AdapterError` naming the method, with the
 * original error kept as its cause (logged once, at the error boundary), and so that a call still unanswered after
 * `timeoutMs` (0: never) fails as `AdapterError` too: a database that stops answering without closing the
 * connection gets a clear response instead of a request that hangs. The user's object is not modified.
 */
export function guardAdapter(adapter: Adapter, timeoutMs = 0): Adapter {
  const guarded: Record<string, unknown> = {}
  const deadlines = timeoutMs > 0 ? deadlineWatch(timeoutMs) : undefined
  // Methods may live on a prototype (class-based adapters), so walk the chain rather than Object.keys.
  const names = new Set<string>()
  for (
    let o: object | null = adapter;
    o && o !== Object.prototype;
    o = Object.getPrototypeOf(o) as object | null
  ) {
    for (const name of Object.getOwnPropertyNames(o)) names.add(name)
  }
  for (const name of names) {
    const value = (adapter as Record<string, unknown>)[name]
    if (name === 'constructor' || typeof value !== 'function') continue
    const method = value as (...args: unknown[]) => unknown
    const timedOut = () =>
      new AdapterError(`The adapter's \`${name}\` did not answer within ${timeoutMs} ms.`, {
        reason: `adapter_${name}_timed_out`,
      })
    guarded[name] = async (...args: unknown[]) => {
      try {
        const result = method.apply(adapter, args)
        return await (deadlines && isThenable(result) ? deadlines.watch(result, timedOut) : result)
      } catch (error) {
        if (error instanceof AuthError) throw error
        const err = error instanceof Error ? error : new Error(String(error))
        throw new AdapterError(`The adapter's \`${name}\` failed: ${err.message}`, {
          cause: err,
          reason: `adapter_${name}_failed`,
        })
      }
    }
  }
  return Object.freeze(guarded)
}
