function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype
}

/** Deep-merges plain objects into a new object; arrays, functions and class instances are taken as they are. */
export function mergeDeep(...sources: Array<Record<string, unknown> | undefined>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const source of sources) {
    if (!source) continue
    for (const [key, value] of Object.entries(source)) {
      if (value === undefined) continue
      const current = out[key]
      out[key] = isPlainObject(value) && isPlainObject(current) ? mergeDeep(current, value) : value
    }
    for (const sym of Object.getOwnPropertySymbols(source)) {
      ;(out as Record<symbol, unknown>)[sym] = (source as Record<symbol, unknown>)[sym]
    }
  }
  return out
}
