import { MissingAdapter } from '../errors.js'
import type {
  WebAuthnConfig,
  WebAuthnFunctions,
  WebAuthnUserInfo,
  WebAuthnUserInfoOptions,
  WebAuthnUserInfoRequest,
} from './provider-types.js'
import type { GetRelayingParty, RelayingParty } from './relaying-party.js'

export type {
  RelyingPartyConfig,
  WebAuthnConfig,
  WebAuthnFunctions,
  WebAuthnUserInfo,
  WebAuthnUserInfoOptions,
  WebAuthnUserInfoRequest,
} from './provider-types.js'
export type { GetRelayingParty, RelayingParty } from './relaying-party.js'

/** How long a browser has to answer a WebAuthn ceremony, and how long its challenge lives: 5 minutes. */
export const DEFAULT_WEBAUTHN_TIMEOUT = 5 * 60 * 1000

/** Auth.js's name for the provider type. */
export type WebAuthnProviderType = 'webauthn'

/** Auth.js's name for the `getUserInfo` hook. */
export type GetUserInfo = NonNullable<WebAuthnConfig['getUserInfo']>

/**
 * The four `@simplewebauthn/server` functions, importing the library on their first call: it is large and installs
 * the `reflect-metadata` polyfill, which an application that never runs a ceremony should not pay for.
 */
const simpleWebAuthn: WebAuthnFunctions = {
  generateRegistrationOptions: async (options) =>
    (await import('@simplewebauthn/server')).generateRegistrationOptions(options),
  generateAuthenticationOptions: async (options) =>
    (await import('@simplewebauthn/server')).generateAuthenticationOptions(options),
  verifyRegistrationResponse: async (options) =>
    (await import('@simplewebauthn/server')).verifyRegistrationResponse(options),
  verifyAuthenticationResponse: async (options) =>
    (await import('@simplewebauthn/server')).verifyAuthenticationResponse(options),
}

/**
 * The default `getUserInfo`, as Auth.js's: the `email` parameter (the query of a GET, the body of a POST), looked
 * up with the adapter's `getUserByEmail`; an unknown address is a user to register, no address is nobody.
 */
export const getUserInfo: GetUserInfo = async (
  options: WebAuthnUserInfoOptions,
  request: WebAuthnUserInfoRequest,
): Promise<WebAuthnUserInfo> => {
  const { adapter } = options
  if (!adapter) throw new MissingAdapter('WebAuthn provider requires a database adapter to be configured')
  const email = request.method === 'POST' ? request.body?.['email'] : request.query['email']
  // 320 characters: the longest address RFC 5321 allows (64 + @ + 255).
  if (typeof email !== 'string' || email.trim() === '' || email.length > 320) return null
  const existing = adapter.getUserByEmail ? await adapter.getUserByEmail(email) : null
  if (existing) return { user: existing, exists: true }
  return { user: { email }, exists: false }
}

function list(value: string | string[] | undefined): string[] {
  if (value === undefined) return []
  return (Array.isArray(value) ? value : [value]).filter((v) => typeof v === 'string' && v !== '')
}

/**
 * The default `getRelayingParty`, as Auth.js's: `relyingParty` (or `relayingParty`) where given, else the public
 * URL of the auth routes. Where several are listed, the RP ID the host belongs to (WebAuthn §5.1.3) and the origin
 * of the request are named, else the first of each; Gatehouse still accepts a response for any of them.
 */
export const getRelayingParty: GetRelayingParty = (options: WebAuthnUserInfoOptions): RelayingParty => {
  const configured = options.provider.relyingParty ?? options.provider.relayingParty ?? {}
  const { hostname, host, origin } = options.url
  const ids = list(configured.id)
  const origins = list(configured.origin)
  return {
    id: ids.find((id) => hostname === id || hostname.endsWith(`.${id}`)) ?? ids[0] ?? hostname,
    name: list(configured.name)[0] ?? host,
    origin: origins.find((listed) => listed === origin) ?? origins[0] ?? origin,
  }
}

/** The 5-minute timeout under the given options; anything but an object is kept as given, for validation to name. */
function withTimeout(options: Record<string, unknown> | undefined): Record<string, unknown> {
  if (options === undefined) return { timeout: DEFAULT_WEBAUTHN_TIMEOUT }
  return typeof options === 'object' && options !== null
    ? { timeout: DEFAULT_WEBAUTHN_TIMEOUT, ...options }
    : options
}

/** Options of {@link WebAuthn}: every field of {@link WebAuthnConfig}, all optional. */
export type WebAuthnOptions = Partial<Omit<WebAuthnConfig, 'type'>>

/** What {@link WebAuthn} returns: a {@link WebAuthnConfig} with every member Auth.js's provider object has. */
export type WebAuthnProvider = WebAuthnConfig &
  Required<
    Pick<
      WebAuthnConfig,
      | 'enableConditionalUI'
      | 'formFields'
      | 'getUserInfo'
      | 'getRelayingParty'
      | 'authenticationOptions'
      | 'registrationOptions'
      | 'simpleWebAuthnBrowserVersion'
    >
  > & { simpleWebAuthn: WebAuthnFunctions }

/**
 * A WebAuthn provider: sign-in and sign-up with a security key or a platform authenticator, on
 * `@simplewebauthn/server`. Stable in Gatehouse: it needs no `experimental.enableWebAuthn` (still accepted). It
 * answers `GET {basePath}/webauthn-options/{id}` and `POST {basePath}/callback/{id}` as Auth.js does, so
 * `next-auth/webauthn` and Gatehouse's own browser helper both drive it. Needs an adapter with the authenticator methods.
 * The object has the members of Auth.js's (`getRelayingParty`, `getUserInfo`, `simpleWebAuthn`, …); replacing one
 * of the four `simpleWebAuthn` functions keeps the other three.
 *
 * @example
 * ```ts
 * WebAuthn({ relyingParty: { id: 'example.com', name: 'Example', origin: 'https://example.com' } })
 * ```
 */
export default function WebAuthn(options: WebAuthnOptions = {}): WebAuthnProvider {
  return {
    id: 'webauthn',
    name: 'WebAuthn',
    enableConditionalUI: true,
    formFields: { email: { label: 'Email', required: true, autocomplete: 'username webauthn' } },
    ...options,
    simpleWebAuthnBrowserVersion: false,
    getUserInfo: options.getUserInfo ?? getUserInfo,
    getRelayingParty: options.getRelayingParty ?? getRelayingParty,
    simpleWebAuthn: { ...simpleWebAuthn, ...options.simpleWebAuthn },
    authenticationOptions: withTimeout(options.authenticationOptions),
    registrationOptions: withTimeout(options.registrationOptions),
    type: 'webauthn',
  }
}

export { WebAuthn }
