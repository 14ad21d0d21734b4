import { AdapterError, AuthError } from '../errors.js'
import type { Adapter } from './adapter.js'

/**
 * Wraps every method of `adapter` so that a failure surfaces as one `AdapterError` naming the method, with the
 * original error kept as its cause (logged once, at the error boundary). The user's object is not modified.
 */
export function guardAdapter(adapter: Adapter): Adapter {
  const guarded: Record<string, unknown> = {}
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
    guarded[name] = async (...args: unknown[]) => {
      try {
        return await method.apply(adapter, args)
      } catch (error) {
        if (error instanceof AuthError) throw error
        const err = error instanceof Error ? error : new Error(String(error))
        throw new AdapterError(`The adapter's \`${name}\` failed: ${err.message}`, {
          cause: err,
          code: `adapter_${name}_failed`,
        })
      }
    }
  }
  return Object.freeze(guarded)
}
