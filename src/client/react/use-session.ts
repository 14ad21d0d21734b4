'use client'
import { useContext, useEffect } from 'react'
import { clientBasePath } from '../client-config.js'
import { SessionContext, type SessionContextValue } from './session-context.js'

/** Options of {@link useSession}. */
export interface UseSessionOptions<R extends boolean> {
  /** Send a signed-out visitor to the sign-in page (`error=SessionRequired`). */
  required: R
  /** Called instead of that redirect. */
  onUnauthenticated?: () => void
}

/**
 * The session in a client component: `{ data, status, update }`. `data` has the application's `Session` type
 * (augment `Session` in the module `gatehouse-auth`).
 *
 * @example
 * ```tsx
 * const { data: session, status, update } = useSession()
 * ```
 */
export function useSession<R extends boolean = false>(
  options?: UseSessionOptions<R>,
): SessionContextValue<R> {
  const value = useContext(SessionContext) as SessionContextValue<R> | undefined
  if (!value) throw new Error('[gatehouse] `useSession` must be wrapped in a <SessionProvider />')
  const required = options?.required === true
  const onUnauthenticated = options?.onUnauthenticated
  const redirectNow = required && value.status === 'unauthenticated'
  useEffect(() => {
    if (!redirectNow) return
    if (onUnauthenticated) onUnauthenticated()
    else {
      const query = new URLSearchParams({ error: 'SessionRequired', callbackUrl: window.location.href })
      window.location.href = `${clientBasePath()}/signin?${query}`
    }
  }, [redirectNow, onUnauthenticated])
  if (redirectNow) return { data: null, update: value.update, status: 'loading' }
  return value
}
