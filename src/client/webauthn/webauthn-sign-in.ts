import { startAuthentication, startRegistration } from '@simplewebauthn/browser'
import { apiBaseUrl } from '../client-config.js'
import type { ProviderSignIn, SignInResponse } from '../client-types.js'
import { getCsrfToken } from '../get-csrf-token.js'
import { errorOf, navigate } from '../navigate.js'
import { notifySessionChanged } from '../session-channel.js'
import {
  ceremonyFailure,
  noPasskeyForAddress,
  optionsFailure,
  optionsTimeout,
  PasskeyError,
  type PasskeyFailure,
} from './passkey-failure.js'

type AuthenticationJSON = Parameters<typeof startAuthentication>[0]['optionsJSON']
type RegistrationJSON = Parameters<typeof startRegistration>[0]['optionsJSON']

interface OptionsAnswer {
  action?: unknown
  options?: unknown
  error?: unknown
  code?: unknown
}

function formValues(fields: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null)
      out[key] = typeof value === 'string' ? value : JSON.stringify(value)
  }
  return out
}

/** A failure as `redirect: false` answers it: `error` is the {@link PasskeyFailure}, `code` its detail. */
function failed(status: number, failure: PasskeyFailure, code: string | undefined): SignInResponse {
  return { error: failure, code, status, ok: false, url: null }
}

/**
 * `signIn` for a WebAuthn provider, as next-auth/webauthn does it: `GET {basePath}/webauthn-options/{id}` with the
 * other options as the query (`action`, `email`), the ceremony the answer names (`startAuthentication` or
 * `startRegistration`), then a form POST of `action` and `data` (the response's JSON) with the CSRF token and
 * `callbackUrl` to `/callback/{id}`, answered like the other providers. A passkey that signs nobody in (options
 * refused, prompt closed, timed out, …) is told apart as a {@link PasskeyFailure}: with `redirect: false` it is the
 * result's `error` (`{ ok: false, error: 'AccountExists', code: 'Invalid request' }`, `code` the server's error or
 * the browser's error name); otherwise a {@link PasskeyError} is thrown, whose `message` can be shown as is.
 */
export const webauthnSignIn: ProviderSignIn = async (provider, options, authorizationParams) => {
  const { redirect = true, redirectTo, callbackUrl, ...fields } = options
  const target = redirectTo ?? callbackUrl ?? window.location.href
  const base = apiBaseUrl()
  const values = formValues(fields)
  const action =
    values['action'] === 'register' || values['action'] === 'authenticate' ? values['action'] : undefined
  const email = values['email'] ?? ''
  const optionsResponse = await fetch(
    `${base}/webauthn-options/${encodeURIComponent(provider.id)}?${new URLSearchParams(values)}`,
    { headers: { Accept: 'application/json' } },
  )
  const answer = (await optionsResponse.json().catch(() => ({}))) as OptionsAnswer
  if (!optionsResponse.ok || (answer.action !== 'authenticate' && answer.action !== 'register')) {
    const error = typeof answer.error === 'string' ? answer.error : `status ${optionsResponse.status}`
    const failure = optionsFailure(answer, action, email)
    if (redirect)
      throw new PasskeyError(failure, {
        cause: new Error(`WebAuthn options for "${provider.id}" were refused: ${error}`),
      })
    return failed(optionsResponse.status, failure, error)
  }
  const startedAt = performance.now()
  let data: unknown
  try {
    data =
      answer.action === 'authenticate'
        ? await startAuthentication({ optionsJSON: answer.options as AuthenticationJSON })
        : await startRegistration({ optionsJSON: answer.options as RegistrationJSON })
  } catch (error) {
    const failure = ceremonyFailure(error, {
      action: answer.action,
      startedAt,
      endedAt: performance.now(),
      timeout: optionsTimeout(answer.options),
      noPasskeyForAddress: noPasskeyForAddress(answer.options, email),
    })
    if (redirect) throw new PasskeyError(failure, { cause: error })
    // No answer came from the server: the status of the options request, which succeeded, would mislead.
    return failed(0, failure, error instanceof Error ? error.name : undefined)
  }
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
