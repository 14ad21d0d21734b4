import { apiBaseUrl } from './client-config.js'
import type { SignOutParams, SignOutResponse } from './client-types.js'
import { getCsrfToken } from './get-csrf-token.js'
import { currentHref, navigate } from './navigate.js'
import { broadcastSession, notifySessionChanged } from './session-channel.js'

/**
 * Signs out with the requests of next-auth/react (`GET /csrf`, then a form POST to `/signout` with
 * `X-Auth-Return-Redirect: 1`), tells the other tabs, then navigates, or with `redirect: false` returns `{ url }`.
 *
 * @example
 * ```ts
 * await signOut({ redirectTo: '/' })
 * ```
 */
export async function signOut(options?: SignOutParams<true>): Promise<void>
export async function signOut(options: SignOutParams<false>): Promise<SignOutResponse>
export async function signOut(options?: SignOutParams<boolean>): Promise<SignOutResponse | void> {
  const redirect = options?.redirect ?? true
  const redirectTo = options?.redirectTo ?? options?.callbackUrl ?? currentHref()
  const csrfToken = await getCsrfToken()
  const response = await fetch(`${apiBaseUrl()}/signout`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Auth-Return-Redirect': '1' },
    body: new URLSearchParams({ csrfToken, callbackUrl: redirectTo }),
  })
  const data = (await response.json().catch(() => ({}))) as { url?: string }
  broadcastSession('signout')
  if (redirect) {
    navigate(data.url ?? redirectTo)
    return
  }
  notifySessionChanged()
  return { url: data.url ?? redirectTo }
}
