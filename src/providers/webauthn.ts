import type { WebAuthnConfig } from './provider-types.js'

export type {
  RelyingPartyConfig,
  WebAuthnConfig,
  WebAuthnFunctions,
  WebAuthnUserInfo,
  WebAuthnUserInfoOptions,
  WebAuthnUserInfoRequest,
} from './provider-types.js'

/** How long a browser has to answer a WebAuthn ceremony, and how long its challenge lives: 5 minutes. */
export const DEFAULT_WEBAUTHN_TIMEOUT = 5 * 60 * 1000

/** The 5-minute timeout under the given options; anything but an object is kept as given, for validation to name. */
function withTimeout(options: Record<string, unknown> | undefined): Record<string, unknown> {
  if (options === undefined) return { timeout: DEFAULT_WEBAUTHN_TIMEOUT }
  return typeof options === 'object' && options !== null
    ? { timeout: DEFAULT_WEBAUTHN_TIMEOUT, ...options }
    : options
}

/** Options of {@link WebAuthn}: every field of {@link WebAuthnConfig}, all optional. */
export type WebAuthnOptions = Partial<Omit<WebAuthnConfig, 'type'>>

/**
 * A WebAuthn provider: sign-in and sign-up with a security key or a platform authenticator, on
 * `@simplewebauthn/server`. Stable in Gatehouse: it needs no `experimental.enableWebAuthn` (still accepted). It
 * answers `GET {basePath}/webauthn-options/{id}` and `POST {basePath}/callback/{id}` as Auth.js does, so
 * `next-auth/webauthn` and Gatehouse's own browser helper both drive it. Needs an adapter with the authenticator methods.
 *
 * @example
 * ```ts
 * WebAuthn({ relyingParty: { id: 'example.com', name: 'Example', origin: 'https://example.com' } })
 * ```
 */
export default function WebAuthn(options: WebAuthnOptions = {}): WebAuthnConfig {
  return {
    id: 'webauthn',
    name: 'WebAuthn',
    enableConditionalUI: true,
    formFields: { email: { label: 'Email', required: true, autocomplete: 'username webauthn' } },
    ...options,
    authenticationOptions: withTimeout(options.authenticationOptions),
    registrationOptions: withTimeout(options.registrationOptions),
    type: 'webauthn',
  }
}

export { WebAuthn }
