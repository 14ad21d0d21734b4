import type { NextRequest } from 'next/server.js'
import type { Session } from '../../types.js'
import { createAuthFunction, type AuthFunction } from './auth-function.js'
import { configFor, nextBinding, withBound, type NextAuthConfigInput } from './next-auth-config.js'
import {
  signInAction,
  signOutAction,
  verifyTwoFactorAction,
  updateAction,
  type SignInActionOptions,
  type SignOutActionOptions,
  type VerifyTwoFactorActionOptions,
} from './server-actions.js'

/** What {@link NextAuth} returns (next-auth v5's `NextAuthResult`). */
export interface NextAuthResult {
  /** Route handlers for `app/api/auth/[...nextauth]/route.ts`: `export const { GET, POST } = handlers`. */
  handlers: {
    GET: (request: NextRequest) => Promise<Response>
    POST: (request: NextRequest) => Promise<Response>
  }
  /** The session, as middleware, as a handler wrapper, or for the Pages Router; see {@link AuthFunction}. */
  auth: AuthFunction
  /**
   * Server action: signs in with `provider` (no provider: the sign-in page), writes the cookies, then redirects
   * (or with `redirect: false` returns the URL). Sign-in errors are thrown (`CredentialsSignin` with its `code`);
   * a `redirectTo` on another origin is ignored.
   */
  signIn: (
    provider?: string,
    options?: SignInActionOptions,
    authorizationParams?: string | string[][] | Record<string, string> | URLSearchParams,
  ) => Promise<string>
  /**
   * Server action: answers the two-factor challenge of the sign-in held in this browser (a TOTP or backup code, or
   * a form with `code` and `remember`), writes the cookies, then redirects where the sign-in was going, or back to
   * the challenge with `error=invalid` (with `redirect: false`, returns that URL).
   */
  verifyTwoFactor: (code: string | FormData, options?: VerifyTwoFactorActionOptions) => Promise<string>
  /** Server action: signs out, clears the cookies, then redirects (or with `redirect: false` returns the URL). */
  signOut: (options?: SignOutActionOptions) => Promise<{ redirect: string }>
  /** Updates the session from the server: the `jwt` callback runs with trigger `update` and `session` = `data`. */
  unstable_update: (data: Partial<Session> | Record<string, unknown>) => Promise<Session | null>
  /** The same as `unstable_update`. */
  update: (data: Partial<Session> | Record<string, unknown>) => Promise<Session | null>
}

/**
 * next-auth v5's `NextAuth` on Gatehouse: the configuration (or a function of the request returning it) in, route
 * handlers, `auth` and the server actions out. Default `basePath` `/api/auth`; the base URL comes from `AUTH_URL` /
 * `NEXTAUTH_URL` or the request.
 *
 * @example
 * ```ts
 * // auth.ts
 * import NextAuth from 'gatehouse-auth/next'
 * export const { handlers, auth, signIn, signOut } = NextAuth({ providers: [GitHub] })
 * ```
 */
export function NextAuth(input: NextAuthConfigInput): NextAuthResult {
  const binding = nextBinding(input)
  const handler = (request: NextRequest) =>
    withBound(binding, request, (bound) => bound.instance.handlers.GET(request))
  const post = (request: NextRequest) =>
    withBound(binding, request, (bound) => bound.instance.handlers.POST(request))
  const update = async (data: unknown) => updateAction(await configFor(binding, undefined), data)
  return {
    handlers: { GET: handler, POST: post },
    auth: createAuthFunction(binding),
    signIn: async (provider, options, authorizationParams) =>
      signInAction(await configFor(binding, undefined), provider, options, authorizationParams),
    signOut: async (options) => signOutAction(await configFor(binding, undefined), options),
    verifyTwoFactor: async (code, options) =>
      verifyTwoFactorAction(await configFor(binding, undefined), code, options),
    unstable_update: update,
    update,
  }
}
