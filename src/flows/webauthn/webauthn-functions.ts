import type { WebAuthnConfig, WebAuthnFunctions } from '../../providers/provider-types.js'

let library: Promise<WebAuthnFunctions> | undefined

/**
 * The four `@simplewebauthn/server` functions, with the provider's `simpleWebAuthn` replacements. The library is
 * imported on the first WebAuthn request only: it is large, and it installs the `reflect-metadata` polyfill, which
 * an application without passkeys should not pay for. It runs on WebCrypto (`globalThis.crypto`), no `node:` module.
 */
export async function webauthnFunctions(provider: WebAuthnConfig): Promise<WebAuthnFunctions> {
  library ??= import('@simplewebauthn/server').then((m) => ({
    generateRegistrationOptions: m.generateRegistrationOptions,
    generateAuthenticationOptions: m.generateAuthenticationOptions,
    verifyRegistrationResponse: m.verifyRegistrationResponse,
    verifyAuthenticationResponse: m.verifyAuthenticationResponse,
  }))
  const loaded = await library
  return { ...loaded, ...provider.simpleWebAuthn }
}
