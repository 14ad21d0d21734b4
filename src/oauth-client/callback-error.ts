import * as o from 'oauth4webapi'
import { AuthError, InvalidCheck, OAuthCallbackError } from '../errors.js'
import { transportFailure } from './outbound-fetch.js'
import type { ErrorReason, OAuthStep } from '../error-reason.js'

/**
 * A copy of an error fit for logs: name, message, code and stack, and its cause only when that is an error too
 * (scrubbed in turn). oauth4webapi attaches the parsed response body as a plain-object `cause` (e.g. `{ body }` of
 * a token response that failed a check, holding the access, refresh and ID tokens), and a logger that prints
 * causes (`console.error(error)`, pino) would write those bearer tokens to the logs (OWASP ASVS v4.0.3 7.1.1).
 */
export function scrubbed(error: unknown, depth = 0): Error | undefined {
  if (!(error instanceof Error) || depth > 5) return undefined
  const cause = scrubbed(error.cause, depth + 1)
  const copy = new Error(error.message, cause ? { cause } : undefined)
  copy.name = error.name
  if (error.stack !== undefined) copy.stack = error.stack
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string') Object.assign(copy, { code })
  return copy
}

/**
 * Text from the authorization response (`error`, `error_description`) is the attacker's to choose: one line,
 * printable, bounded, before it reaches a log (no forged log lines, CWE-117).
 */
function printable(text: string, max: number): string {
  return text.replace(/[^\x20-\x7e]/g, '?').slice(0, max)
}

/**
 * Turns a failure of a callback step into the error of the wire contract with a precise `reason`: a refused or
 * failed check is `InvalidCheck`; an IdP or token-endpoint error, an invalid ID token or an unreachable provider is
 * `OAuthCallbackError`.
 */
export function callbackError(step: OAuthStep, error: unknown): AuthError {
  if (error instanceof AuthError) return error
  const transport = transportFailure(error)
  if (transport !== undefined) {
    return new OAuthCallbackError(`${step}: the provider could not be reached (${transport}).`, {
      reason: transport,
      cause: scrubbed(error),
    })
  }
  if (error instanceof o.AuthorizationResponseError) {
    const description = error.error_description ? `: ${printable(error.error_description, 200)}` : ''
    return new OAuthCallbackError(
      `The provider answered error=${printable(error.error, 64)}${description}.`,
      {
        reason: `provider_error:${printable(error.error, 64)}`,
      },
    )
  }
  if (error instanceof o.ResponseBodyError) {
    return new OAuthCallbackError(
      `${step}: the provider answered ${error.status} error=${error.error}` +
        `${error.error_description ? `: ${error.error_description}` : ''}.`,
      { reason: `${step}:${printable(error.error, 64)}`, cause: scrubbed(error) },
    )
  }
  const message = error instanceof Error ? error.message : String(error)
  if (error instanceof o.OperationProcessingError && /nonce/i.test(message)) {
    return new InvalidCheck(`${step}: ${message}`, { reason: 'nonce_mismatch', cause: scrubbed(error) })
  }
  if (
    error instanceof o.OperationProcessingError &&
    /"iss"/.test(message) &&
    step === 'authorization_response'
  ) {
    return new InvalidCheck(`${step}: ${message} (mix-up defence, RFC 9207)`, {
      reason: 'iss_mismatch',
      cause: scrubbed(error),
    })
  }
  const reason: ErrorReason =
    error instanceof o.OperationProcessingError && error.code === o.RESPONSE_IS_NOT_JSON
      ? `${step}_not_json`
      : `${step}_invalid`
  return new OAuthCallbackError(`${step}: ${message}`, {
    reason,
    cause: scrubbed(error),
  })
}
