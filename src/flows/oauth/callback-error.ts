import * as o from 'oauth4webapi'
import { AuthError, InvalidCheck, OAuthCallbackError } from '../../errors.js'
import { transportFailure } from './outbound-fetch.js'

/**
 * Turns a failure of a callback step into the error of the wire contract with a precise `code`: a refused or
 * failed check is `InvalidCheck`; an IdP or token-endpoint error, an invalid ID token or an unreachable provider is
 * `OAuthCallbackError`.
 */
export function callbackError(step: string, error: unknown): AuthError {
  if (error instanceof AuthError) return error
  const transport = transportFailure(error)
  if (transport !== undefined) {
    return new OAuthCallbackError(`${step}: the provider could not be reached (${transport}).`, {
      code: transport,
      cause: error instanceof Error ? error : undefined,
    })
  }
  if (error instanceof o.AuthorizationResponseError) {
    return new OAuthCallbackError(
      `The provider answered error=${error.error}${error.error_description ? `: ${error.error_description}` : ''}.`,
      { code: `provider_error:${error.error}`.slice(0, 80) },
    )
  }
  if (error instanceof o.ResponseBodyError) {
    return new OAuthCallbackError(
      `${step}: the provider answered ${error.status} error=${error.error}` +
        `${error.error_description ? `: ${error.error_description}` : ''}.`,
      { code: `${step}:${error.error}`.slice(0, 80), cause: error },
    )
  }
  const message = error instanceof Error ? error.message : String(error)
  if (error instanceof o.OperationProcessingError && /nonce/i.test(message)) {
    return new InvalidCheck(`${step}: ${message}`, { code: 'nonce_mismatch', cause: error })
  }
  if (
    error instanceof o.OperationProcessingError &&
    /"iss"/.test(message) &&
    step === 'authorization_response'
  ) {
    return new InvalidCheck(`${step}: ${message} (mix-up defence, RFC 9207)`, {
      code: 'iss_mismatch',
      cause: error,
    })
  }
  const code =
    error instanceof o.OperationProcessingError && error.code === o.RESPONSE_IS_NOT_JSON
      ? `${step}_not_json`
      : `${step}_invalid`
  return new OAuthCallbackError(`${step}: ${message}`, {
    code,
    cause: error instanceof Error ? error : undefined,
  })
}
