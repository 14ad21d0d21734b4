/**
 * Makes `target` (the prototype of a lazy stand-in for a web class) behave as the real object in everything it does
 * not define itself: every member of the class's prototype `source` is copied onto `target`, each one delegating to
 * the real object `real(this)` returns, and so is every symbol-keyed slot that an instance of the class carries
 * (`sample`'s own symbols: undici keeps a `Request`'s state under such symbols and reads them from a `Request`
 * handed to `new Request(input)` or `fetch(input)`), so those read and write the real object's slots too.
 *
 * @example
 * ```ts
 * delegateAll(lazyPrototype, Request.prototype, (self) => materialise(self), new Request('http://x/'))
 * ```
 */
export function delegateAll(
  target: object,
  source: object,
  real: (self: object) => object,
  sample?: object,
): void {
  for (const key of Reflect.ownKeys(source)) {
    if (key === 'constructor' || Object.prototype.hasOwnProperty.call(target, key)) continue
    const descriptor = Object.getOwnPropertyDescriptor(source, key)!
    if (typeof descriptor.value === 'function') {
      const method = descriptor.value as (...args: unknown[]) => unknown
      Object.defineProperty(target, key, {
        configurable: true,
        writable: true,
        value(this: object, ...args: unknown[]) {
          return method.apply(real(this), args)
        },
      })
    } else if (descriptor.get) {
      // Called with the real object as `this` below.
      // eslint-disable-next-line @typescript-eslint/unbound-method
      const getter = descriptor.get as (this: object) => unknown
      Object.defineProperty(target, key, {
        configurable: true,
        get(this: object): unknown {
          return getter.call(real(this))
        },
      })
    }
  }
  if (sample === undefined) return
  for (const key of Object.getOwnPropertySymbols(sample)) {
    if (Object.prototype.hasOwnProperty.call(target, key)) continue
    Object.defineProperty(target, key, {
      configurable: true,
      get(this: object): unknown {
        return (real(this) as Record<symbol, unknown>)[key]
      },
      set(this: object, value: unknown) {
        ;(real(this) as Record<symbol, unknown>)[key] = value
      },
    })
  }
}
