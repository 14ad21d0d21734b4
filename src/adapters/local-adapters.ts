/**
 * Adapters whose data lives on one machine (`MemoryAdapter` in the process, `SQLiteAdapter` in a local file): state
 * that instances on several machines cannot share anyway, so a configuration using one is not told to share its
 * stores (the `stores-not-shared` warning is for server databases that several machines use).
 */
export const localAdapters = new WeakSet<object>()
