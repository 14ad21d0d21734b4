/**
 * OAuth helpers for applications: refreshing provider access tokens.
 *
 * @example
 * ```ts
 * import { createTokenRefresher } from 'gatehouse-auth/oauth'
 * ```
 * @module
 */
export { TokenRefreshError, type TokenRefreshReason } from '../errors.js'
export {
  createTokenRefresher,
  type ProviderTokens,
  type TokenRefresher,
  type TokenRefresherOptions,
} from './token-refresher.js'
