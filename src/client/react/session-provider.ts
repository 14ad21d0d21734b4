'use client'
import { createElement, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import type { Session } from '../../types.js'
import { setBasePath } from '../client-config.js'
import { fetchSession } from '../get-session.js'
import { onSessionChange } from '../session-channel.js'
import { postSessionUpdate } from '../update-session.js'
import { SessionContext, type SessionContextValue } from './session-context.js'

/** Props of {@link SessionProvider} (next-auth's). */
export interface SessionProviderProps {
  children: ReactNode
  /** The session the server already has (e.g. from `auth()`): no first request then. */
  session?: Session | null
  /** Unused in the browser; kept for next-auth compatibility. */
  baseUrl?: string
  /** Where the endpoints are; default `/api/auth`. */
  basePath?: string
  /** Seconds between refetches while signed in; 0 or unset: none. */
  refetchInterval?: number
  /** Refetch when the tab becomes visible (default `true`). */
  refetchOnWindowFocus?: boolean
  /** `false`: no interval refetch while the browser is offline. */
  refetchWhenOffline?: false
}

const nowSeconds = () => Math.floor(Date.now() / 1000)

function useOnline(): boolean {
  const [online, setOnline] = useState(typeof navigator === 'undefined' ? true : navigator.onLine)
  useEffect(() => {
    const up = () => setOnline(true)
    const down = () => setOnline(false)
    window.addEventListener('online', up)
    window.addEventListener('offline', down)
    return () => {
      window.removeEventListener('online', up)
      window.removeEventListener('offline', down)
    }
  }, [])
  return online
}

/**
 * Keeps the session for `useSession`: fetched once (unless given), refetched when the tab becomes visible, on
 * `refetchInterval`, and when another tab signs in or out. A refetch that fails keeps the last known session
 * (next-auth shows "signed out" until the next success).
 *
 * @example
 * ```tsx
 * <SessionProvider session={await auth()}>{children}</SessionProvider>
 * ```
 */
export function SessionProvider(props: SessionProviderProps): ReactNode {
  const { children, basePath, refetchInterval, refetchWhenOffline, refetchOnWindowFocus = true } = props
  if (basePath) setBasePath(basePath)
  const hasInitial = props.session !== undefined
  const [session, setSession] = useState<Session | null | undefined>(props.session)
  const [loading, setLoading] = useState(!hasInitial)
  // Mirrors of the state for the event handlers, which outlive a render.
  const known = useRef<{ session: Session | null | undefined; lastSync: number }>({
    session: props.session,
    lastSync: hasInitial ? nowSeconds() : 0,
  })

  const refetch = useCallback(async (event?: string) => {
    const fromOtherTab = event === 'storage'
    if (!fromOtherTab && known.current.session !== undefined) {
      // Focus and polling refresh a signed-in session only, at most once a second.
      if (!event || known.current.session === null || nowSeconds() < known.current.lastSync) return
    }
    known.current.lastSync = nowSeconds()
    try {
      const outcome = await fetchSession(!fromOtherTab)
      if (outcome.ok) {
        known.current.session = outcome.data
        setSession(outcome.data)
      }
    } finally {
      setLoading(false)
    }
  }, [])

  useEffect(() => {
    void refetch()
    return onSessionChange(() => void refetch('storage'))
  }, [refetch])

  useEffect(() => {
    if (!refetchOnWindowFocus) return
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refetch('visibilitychange')
    }
    document.addEventListener('visibilitychange', onVisible, false)
    return () => document.removeEventListener('visibilitychange', onVisible, false)
  }, [refetchOnWindowFocus, refetch])

  const online = useOnline()
  const shouldPoll = refetchWhenOffline !== false || online
  useEffect(() => {
    if (!refetchInterval || !shouldPoll) return
    const timer = setInterval(() => {
      if (known.current.session) void refetch('poll')
    }, refetchInterval * 1000)
    return () => clearInterval(timer)
  }, [refetchInterval, shouldPoll, refetch])

  const value = useMemo(
    () =>
      ({
        data: session ?? null,
        status: loading ? 'loading' : session ? 'authenticated' : 'unauthenticated',
        async update(data?: unknown) {
          if (loading) return null
          setLoading(true)
          try {
            const outcome = await postSessionUpdate(data)
            if (!outcome.ok) return null
            known.current = { session: outcome.data, lastSync: nowSeconds() }
            setSession(outcome.data)
            return outcome.data
          } finally {
            setLoading(false)
          }
        },
      }) as SessionContextValue,
    [session, loading],
  )
  return createElement(SessionContext.Provider, { value }, children)
}
