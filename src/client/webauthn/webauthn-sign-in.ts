import { startAuthentication, startRegistration } from '@simplewebauthn/browser'
import { apiBaseUrl } from '../client-config.js'
import type { ProviderSignIn, SignInResponse } from '../client-types.js'
import { getCsrfToken } from '../get-csrf-token.js'
import { errorOf, navigate } from '../navigate.js'
import { notifySessionChanged } from '../session-channel.js'

type AuthenticationJSON = Parameters<typeof startAuthentication>[0]['optionsJSON']
type RegistrationJSON = Parameters<typeof startRegistration>[0]['optionsJSON']

interface OptionsAnswer {
  action?: unknown
  options?: unknown
  error?: unknown
}

function formValues(fields: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null)
      out[key] = typeof value === 'string' ? value : JSON.stringify(value)
  }
  return out
}

function failed(status: number, error: string): SignInResponse {
  return { error, code: undefined, status, ok: false, url: null }
}

/**
 * `signIn` for a WebAuthn provider, as next-auth/webauthn does it: `GET {basePath}/webauthn-options/{id}` with the
 * other options as the query (`action`, `email`), the ceremony the answer names (`startAuthentication` or
 * `startRegistration`), then a form POST of `action` and `data` (the response's JSON) with the CSRF token and
 * `callbackUrl` to `/callback/{id}`, answered like the other providers. A refused options request is logged, as in
 * next-auth, and with `redirect: false` also returned as `{ ok: false, error }` (next-auth returns nothing). A
 * cancelled or failed ceremony throws the browser's error (`NotAllowedError`, …) for the page to handle.
 */
export const webauthnSignIn: ProviderSignIn = async (provider, options, authorizationParams) => {
  const { redirect = true, redirectTo, callbackUrl, ...fields } = options
  const target = redirectTo ?? callbackUrl ?? window.location.href
  const base = apiBaseUrl()
  const values = formValues(fields)
  const optionsResponse = await fetch(
    `${base}/webauthn-options/${encodeURIComponent(provider.id)}?${new URLSearchParams(values)}`,
    { headers: { Accept: 'application/json' } },
  )
  const answer = (await optionsResponse.json().catch(() => ({}))) as OptionsAnswer
  if (!optionsResponse.ok || (answer.action !== 'authenticate' && answer.action !== 'register')) {
    const error = typeof answer.error === 'string' ? answer.error : `status ${optionsResponse.status}`
    console.error(new Error(`WebAuthn options for "${provider.id}" were refused: ${error}`))
    return redirect ? undefined : failed(optionsResponse.status, error)
  }
  const data =
    answer.action === 'authenticate'
      ? await startAuthentication({ optionsJSON: answer.options as AuthenticationJSON })
      : await startRegistration({ optionsJSON: answer.options as RegistrationJSON })
  const body = new URLSearchParams({
    ...values,
    action: answer.action,
    data: JSON.stringify(data),
    csrfToken: await getCsrfToken(),
    callbackUrl: target,
  })
  const response = await fetch(
    `${base}/callback/${encodeURIComponent(provider.id)}?${new URLSearchParams(authorizationParams)}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Auth-Return-Redirect': '1' },
      body,
    },
  )
  const result = (await response.json().catch(() => ({}))) as { url?: string }
  if (redirect) {
    navigate(result.url ?? target)
    return undefined
  }
  const { error, code } = errorOf(result.url)
  if (response.ok && error === undefined) notifySessionChanged()
  return { error, code, status: response.status, ok: response.ok, url: error ? null : (result.url ?? null) }
}
