/**
 * The browser client without React: the functions of next-auth/react with the same names, arguments, results and
 * HTTP requests, for plain pages and other frameworks. Imports nothing from the server side.
 *
 * @example
 * ```ts
 * import { signIn, getSession } from 'gatehouse-auth/client'
 * await signIn('credentials', { email, password, redirect: false })
 * ```
 * @module
 */
export { setBasePath } from './client-config.js'
export { getSession } from './get-session.js'
export { getCsrfToken } from './get-csrf-token.js'
export { getProviders } from './get-providers.js'
export { signIn } from './sign-in.js'
export { signOut } from './sign-out.js'
export { registerProviderSignIn } from './provider-sign-in.js'
export { updateSession } from './update-session.js'
export { listSessions, type ClientSessionSummary } from './list-sessions.js'
export { revokeSession } from './revoke-session.js'
export { verifyTwoFactor, type VerifyTwoFactorOptions } from './verify-two-factor.js'
export type * from './client-types.js'
export type { Session, User } from '../types.js'
