/**
 * The one boundary where what an action produced, or what it threw, becomes the answer: an error becomes a redirect
 * or a JSON answer with a status that follows its cause (`errorResult`, `errorStatus`), every redirect target is made
 * header-safe (`withSafeLocation`), `X-Auth-Return-Redirect` turns a redirect into JSON (`finishResult`), a broken
 * configuration or an unparsable request gets its fixed answer (`configErrorResult`, `badRequest`), an e-mail that
 * could not be sent sends the visitor back to the sign-in page (`emailSignInFailed`), and the result
 * becomes a web `Response` (`toResponse`). Nothing outside this folder builds an answer from an error.
 *
 * @module
 */
export { badRequest, configErrorResult } from './config-error-result.js'
export { emailSignInFailed } from './email-sign-in-failed.js'
export { errorResult } from './error-result.js'
export { errorStatus } from './error-status.js'
export { finishResult } from './finish-result.js'
export { safeLocation, withSafeLocation } from './safe-location.js'
export { partsToResponse, responseParts, toResponse, type ResponseParts } from './to-response.js'
