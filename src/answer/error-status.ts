import { AuthError } from '../errors.js'

/** Reasons of an OAuth error that mean the provider could not be reached, not that anyone made a mistake. */
const PROVIDER_UNAVAILABLE = new Set([
  'provider_unreachable',
  'provider_timeout',
  'provider_response_too_large',
])

/**
 * The HTTP status that says who caused an error: 4xx when the request did (an unknown provider, a method or action
 * the provider does not take, a missing or forged check cookie, a refused sign-in), 502 when the provider could
 * not be reached, 503 when the database could not, and 500 only for a misconfiguration or a fault of the server or
 * the application's code. Auth.js answers all but a few with 500 `Configuration` (wire-contract §7.1 #9), so
 * anyone could fill a service's error budget.
 */
export function errorStatus(error: unknown): number {
  if (!(error instanceof AuthError)) return 500
  switch (error.type) {
    case 'CredentialsSignin':
      return 401
    // InvalidCheck: a state, PKCE or nonce check the request failed (a missing, expired, forged or replayed cookie).
    case 'AccessDenied':
    case 'MissingCSRF':
    case 'Verification':
    case 'AccountNotLinked':
    case 'OAuthAccountNotLinked':
    case 'InvalidCheck':
      return 403
    case 'UnknownAction':
    case 'InvalidCallbackUrl':
    case 'WebAuthnVerificationError':
      return 400
    case 'InvalidProvider':
      // A provider that is configured but of a kind this version cannot run is the server's problem.
      return error.reason === 'provider_kind_unavailable' ? 500 : 400
    case 'OAuthCallbackError':
      return PROVIDER_UNAVAILABLE.has(error.reason ?? '') ? 502 : 400
    case 'OAuthSignInError':
      return PROVIDER_UNAVAILABLE.has(error.reason ?? '') ? 502 : 500
    case 'AdapterError':
      return 503
    default:
      return 500
  }
}

/**
 * The `code` an error-page URL carries for an error shown as `Configuration` that is not one (the public `error`
 * value stays Auth.js's, since clients parse it), so that the page answers with the right status too.
 */
export function errorPageCode(status: number): string | undefined {
  if (status === 502 || status === 503) return 'unavailable'
  if (status >= 400 && status < 500) return 'bad_request'
  return undefined
}
