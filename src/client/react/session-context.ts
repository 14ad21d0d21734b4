'use client'
import { createContext } from 'react'
import type { Session } from '../../types.js'

/** Updates the session on the server (trigger `update`) and resolves to the new one, or `null` on failure. */
export type UpdateSession = (data?: unknown) => Promise<Session | null>

/** What `useSession` returns; with `required: true` there is no `unauthenticated` state to handle. */
export type SessionContextValue<R extends boolean = false> = R extends true
  ? | { update: UpdateSession; data: Session; status: 'authenticated' }
    | { update: UpdateSession; data: null; status: 'loading' }
  : | { update: UpdateSession; data: Session; status: 'authenticated' }
    | { update: UpdateSession; data: null; status: 'unauthenticated' | 'loading' }

/** The context the `SessionProvider` fills. */
export const SessionContext = createContext<SessionContextValue | undefined>(undefined)
