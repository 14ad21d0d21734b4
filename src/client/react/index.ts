'use client'
/**
 * React bindings of the browser client, with next-auth/react's names: `SessionProvider`, `useSession`, and the
 * client functions. `react` is an optional peer dependency; only this entry point imports it.
 *
 * @example
 * ```tsx
 * import { SessionProvider, useSession, signIn } from 'gatehouse-auth/react'
 * ```
 * @module
 */
export { SessionProvider, type SessionProviderProps } from './session-provider.js'
export { useSession, type UseSessionOptions } from './use-session.js'
export { SessionContext, type SessionContextValue, type UpdateSession } from './session-context.js'
export {
  getCsrfToken,
  getProviders,
  getSession,
  listSessions,
  registerProviderSignIn,
  revokeSession,
  setBasePath,
  signIn,
  signOut,
  verifyTwoFactor,
  type VerifyTwoFactorOptions,
} from '../index.js'
export type * from '../client-types.js'
export type { ClientSessionSummary } from '../list-sessions.js'
export type { Session, User } from '../../types.js'
