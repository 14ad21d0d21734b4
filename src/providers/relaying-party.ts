/**
 * The relying party a WebAuthn provider names, in Auth.js's shape (`getRelayingParty` and its answer).
 *
 * @module
 */
import type { Awaitable } from '../types.js'
import type { WebAuthnUserInfoOptions, WebAuthnUserInfoRequest } from './provider-types.js'

/** One relying party: the RP ID, the name authenticators show, and the origin responses come from. */
export interface RelayingParty {
  id: string
  name: string
  origin: string
}

/**
 * Auth.js's `getRelayingParty`: the relying party of one request. `options.url` is the public URL of the auth
 * routes (`AUTH_URL` when set); `request.url` the URL the request arrived at.
 */
export type GetRelayingParty = (
  options: WebAuthnUserInfoOptions,
  request: WebAuthnUserInfoRequest,
) => Awaitable<RelayingParty>
