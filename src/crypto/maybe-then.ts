import type { MaybePromise } from './crypto-backend.js'

/**
 * Whether a backend's value is still pending. A thenable test, not `instanceof Promise`: where WebCrypto comes from
 * another realm than our code (Next.js runs Edge middleware in a `vm` context whose `crypto.subtle` is the host's),
 * its promises are not instances of our `Promise`, and taking one for a value made every session token unreadable.
 */
export function isPending<T>(value: MaybePromise<T>): value is PromiseLike<T> & Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function'
}

/**
 * Applies `fn` to a value that may still be pending: at once (no microtask, no allocation) when it is already
 * there, as from the `node:crypto` backend, and after it settles otherwise, as from WebCrypto.
 */
export function maybeThen<T, U>(value: MaybePromise<T>, fn: (value: T) => MaybePromise<U>): MaybePromise<U> {
  return isPending(value) ? Promise.resolve(value).then(fn) : fn(value)
}
