import { apiBaseUrl } from './client-config.js'
import type { SignInAuthorizationParams, SignInOptions, SignInResponse } from './client-types.js'
import { getCsrfToken } from './get-csrf-token.js'
import { getProviders } from './get-providers.js'
import { currentHref, errorOf, navigate } from './navigate.js'
import { providerSignInFor } from './provider-sign-in.js'
import { notifySessionChanged } from './session-channel.js'

/**
 * Signs in with a provider, with the requests of next-auth/react: `GET /providers`, `GET /csrf`, then a form POST
 * to `/signin/{id}` (or `/callback/{id}` for credentials) with `X-Auth-Return-Redirect: 1`. It navigates to the
 * answer, or with `redirect: false` returns `{ error, code, status, ok, url }`. No provider, or an unknown one,
 * goes to the sign-in page.
 *
 * @example
 * ```ts
 * const result = await signIn('credentials', { email, password, redirect: false })
 * if (result.error) showError(result.code)
 * ```
 */
export async function signIn(
  provider?: string,
  options?: SignInOptions<true>,
  authorizationParams?: SignInAuthorizationParams,
): Promise<void>
export async function signIn(
  provider: string | undefined,
  options: SignInOptions<false>,
  authorizationParams?: SignInAuthorizationParams,
): Promise<SignInResponse>
export async function signIn(
  provider?: string,
  options?: SignInOptions<boolean>,
  authorizationParams?: SignInAuthorizationParams,
): Promise<SignInResponse | void> {
  const { callbackUrl, redirect = true, redirectTo: wanted, ...fields } = options ?? {}
  const redirectTo = wanted ?? callbackUrl ?? currentHref()
  const base = apiBaseUrl()
  const providers = await getProviders()
  if (!providers) {
    navigate(`${base}/error`)
    return
  }
  const found = provider === undefined ? undefined : providers[provider]
  if (!found) {
    navigate(`${base}/signin?${new URLSearchParams({ callbackUrl: redirectTo })}`)
    return
  }
  const custom = providerSignInFor(found.type)
  if (custom) return custom(found, { ...fields, redirect, redirectTo }, authorizationParams)
  if (found.type === 'webauthn') {
    throw new TypeError(
      `Provider id "${found.id}" is a WebAuthn provider: sign in with it through the WebAuthn client.`,
    )
  }
  const action = found.type === 'credentials' ? 'callback' : 'signin'
  const csrfToken = await getCsrfToken()
  const body = new URLSearchParams()
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null)
      body.set(key, typeof value === 'string' ? value : JSON.stringify(value))
  }
  body.set('csrfToken', csrfToken)
  body.set('callbackUrl', redirectTo)
  const response = await fetch(`${base}/${action}/${found.id}?${new URLSearchParams(authorizationParams)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Auth-Return-Redirect': '1' },
    body,
  })
  const data = (await response.json().catch(() => ({}))) as { url?: string }
  if (redirect) {
    navigate(data.url ?? redirectTo)
    return
  }
  const { error, code } = errorOf(data.url)
  if (response.ok) notifySessionChanged()
  return { error, code, status: response.status, ok: response.ok, url: error ? null : (data.url ?? null) }
}
