/**
 * OAuth helpers for applications: refreshing provider access tokens.
 *
 * @example
 * ```ts
 * import { createTokenRefresher } from 'gatehouse-auth/oauth'
 * ```
 * @module
 */
export {
  createTokenRefresher,
  TokenRefreshError,
  type ProviderTokens,
  type TokenRefresher,
  type TokenRefresherOptions,
} from './token-refresher.js'
