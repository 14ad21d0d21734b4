/**
 * `gatehouse-auth/providers`: the provider types and the unions of built-in provider ids, as
 * `@auth/core/providers` has them, so that an application aliasing `@auth/core` to Gatehouse finds them there.
 * Each provider itself is its own subpath (`gatehouse-auth/providers/github`).
 *
 * @example
 * ```ts
 * import type { OAuthConfig, ProviderId } from 'gatehouse-auth/providers'
 * const id: ProviderId = 'github'
 * ```
 * @module
 */
import type { ProviderType } from './provider-types.js'

export type {
  CommonProviderOptions,
  CredentialInput,
  CredentialsConfig,
  EmailConfig,
  EmailUserConfig,
  EndpointConfig,
  OAuthConfig,
  OAuthConfig as OAuth2Config,
  OAuthUserConfig,
  OIDCConfig,
  Provider,
  ProviderConfig,
  ProviderType,
  WebAuthnConfig,
} from './provider-types.js'
export type { WebAuthnProviderType } from './webauthn.js'
export {
  emailProviderIds,
  oauthProviderIds,
  type BuiltInProviderType,
  type CredentialsProviderId,
  type EmailProviderId,
  type OAuthProviderId,
  type OAuthProviderType,
  type ProviderId,
  type WebAuthnProviderId,
} from './provider-ids.js'

/** A configured provider as the sign-in page and `GET {basePath}/providers` know it. */
export interface AppProvider {
  id: string
  name: string
  type: ProviderType
  signinUrl: string
  callbackUrl: string
}
