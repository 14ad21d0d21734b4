/**
 * Gatehouse: self-hosted authentication for web applications. One function takes a web `Request` and a
 * configuration and returns a web `Response`; `createAuth` binds a configuration once.
 *
 * @example
 * ```ts
 * import { createAuth } from 'gatehouse-auth'
 * import Credentials from 'gatehouse-auth/providers/credentials'
 * const { handlers, auth } = createAuth({ providers: [Credentials({ authorize })] })
 * ```
 * @module
 */
export { Auth, type AuthConfigInput } from './auth.js'
export {
  createAuth,
  type CreateAuthOptions,
  type GatehouseInstance,
  type SessionWithCookies,
} from './create-auth.js'
export type { SessionReadOptions } from './session/session-strategy.js'
export type {
  GuardAnswer,
  GuardRequest,
  GuardResult,
  GuardRule,
  GuardVerdict,
  SessionRequest,
} from './guard/guard-rule.js'
export type { StoresOptions } from './stores/stores-options.js'
export type { SingleUseStore } from './stores/single-use-store.js'
export type { RateLimitHit, RateLimitStore } from './rate-limit/rate-limit-store.js'
export { setEnvDefaults } from './config/set-env-defaults.js'
export { createActionURL } from './config/create-action-url.js'
export { isAuthAction } from './routing/is-auth-action.js'
export { allowInsecureRequests, customFetch, raw, skipCSRFCheck, skipEmailConfirmation } from './symbols.js'
export { AuthError, CredentialsSignin } from './errors.js'
export { voidTrustedDevices } from './two-factor/void-trusted-devices.js'
export type { TwoFactorEvent, TwoFactorOptions } from './two-factor/two-factor-options.js'
export { normalizeEmailAddress, InvalidEmailAddress } from './flows/email/normalize-email-address.js'
export type * from './types.js'
export type {
  Adapter,
  AdapterAccount,
  AdapterAuthenticator,
  AdapterSession,
  AdapterTwoFactor,
  AdapterUser,
  VerificationToken,
} from './adapters/adapter.js'
export type {
  CredentialInput,
  CredentialsConfig,
  EmailConfig,
  EmailLimits,
  EmailUserConfig,
  SendLimit,
  SendVerificationRequestParams,
  OAuthConfig,
  OAuthUserConfig,
  OIDCConfig,
  ProviderConfig,
  ProviderStyle,
  WebAuthnConfig,
} from './providers/provider-types.js'
