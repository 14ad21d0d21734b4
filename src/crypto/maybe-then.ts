import type { MaybePromise } from './crypto-backend.js'

/**
 * Applies `fn` to a value that may still be pending: at once (no microtask, no allocation) when it is already
 * there, as from the `node:crypto` backend, and after it settles otherwise, as from WebCrypto.
 */
export function maybeThen<T, U>(value: MaybePromise<T>, fn: (value: T) => MaybePromise<U>): MaybePromise<U> {
  return value instanceof Promise ? value.then(fn) : fn(value)
}
