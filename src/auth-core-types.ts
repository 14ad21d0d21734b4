/**
 * `gatehouse-auth/types`: the types of `@auth/core/types`, so that an application aliasing `@auth/core` to Gatehouse
 * finds them there, and can add fields to `Session` and `User` with `declare module '@auth/core/types'` (and to
 * `JWT` with `declare module '@auth/core/jwt'`), as Auth.js's documentation shows.
 *
 * @example
 * ```ts
 * import type { DefaultSession } from 'gatehouse-auth/types'
 * declare module 'gatehouse-auth/types' {
 *   interface Session { user: { role: string } & DefaultSession['user'] }
 * }
 * ```
 * @module
 */
import type { TokenEndpointResponse } from 'oauth4webapi'
import type { AdapterAuthenticator } from './adapters/adapter.js'

export type * from './types.js'

/** The value a promise resolves to. */
export type Awaited<T> = T extends Promise<infer U> ? U : T

/** A version as `@simplewebauthn/browser` versions are named (`v9.0.1`). */
export type SemverString = `v${number}` | `v${number}.${number}` | `v${number}.${number}.${number}`

/** The token endpoint's answer as stored on an account, with `expires_at` in seconds since the epoch. */
export type TokenSet = Partial<TokenEndpointResponse> & { expires_at?: number }

/** The `error` values of the error page. */
export type ErrorPageParam = 'Configuration' | 'AccessDenied' | 'Verification'

/** The `error` values of the sign-in page. */
export type SignInPageErrorParam =
  | 'Signin'
  | 'OAuthSignin'
  | 'OAuthCallbackError'
  | 'OAuthCreateAccount'
  | 'EmailCreateAccount'
  | 'Callback'
  | 'OAuthAccountNotLinked'
  | 'EmailSignin'
  | 'CredentialsSignin'
  | 'SessionRequired'

/** A provider as `GET {basePath}/providers` lists it. */
export interface PublicProvider {
  id: string
  name: string
  type: string
  signinUrl: string
  callbackUrl: string
}

/** A WebAuthn authenticator (passkey) as Auth.js names it outside the adapter: the user is optional. */
export type Authenticator = Omit<AdapterAuthenticator, 'userId'> & { userId?: string }
