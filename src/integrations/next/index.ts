/**
 * Next.js (App Router and Pages Router) with next-auth v5's API: `NextAuth(config)` gives route handlers, `auth`
 * (server components, middleware / proxy, wrapped handlers, Pages Router) and the server actions. `next` and
 * `react` are optional peer dependencies; importing `gatehouse-auth` alone never loads them.
 *
 * @example
 * ```ts
 * import NextAuth from 'gatehouse-auth/next'
 * export const { handlers, auth, signIn, signOut, unstable_update } = NextAuth(config)
 * ```
 * @module
 */
import { NextAuth } from './next-auth.js'

export default NextAuth
export { NextAuth, type NextAuthResult } from './next-auth.js'
export type { NextAuthConfig } from './next-auth-config.js'
export type { AuthFunction } from './auth-function.js'
export type { NextAuthRequest, AuthWrappedHandler } from './handle-auth.js'
export type {
  SignInActionOptions,
  SignOutActionOptions,
  VerifyTwoFactorActionOptions,
} from './server-actions.js'
export { AuthError, CredentialsSignin } from '../../errors.js'
export type { Session, User, DefaultSession } from '../../types.js'
