/**
 * Adapters that keep their data in this process (`MemoryAdapter`): state that several instances cannot share
 * anyway, so a configuration using one is not told to share its stores (the `stores-not-shared` warning).
 */
export const inProcessAdapters = new WeakSet<object>()
