import { workUnitAsyncStorage } from 'next/dist/server/app-render/work-unit-async-storage.external.js'

/**
 * Whether `cookies().set` works where `auth()` was called: in server actions and route handlers (Next's request
 * phase `action`), not while a server component renders. This is the test Next's own `cookies()` applies
 * (`areCookiesMutableInCurrentPhase`); no public API exposes it, and trying a write would mean doing the re-issue
 * work first, which is the cost a server component must not pay. Anything unexpected counts as not writable: the
 * session is then read without being re-issued, which is always safe.
 */
export function cookiesWritable(): boolean {
  try {
    const store = workUnitAsyncStorage.getStore()
    return store?.type === 'request' && store.phase === 'action'
  } catch {
    return false
  }
}
