import type { ResolvedConfig } from '../../config/resolved-config.js'
import type { WebAuthnConfig } from '../../providers/provider-types.js'

/**
 * The configuration's passkey (WebAuthn) provider, or `undefined`: for features outside the flow that use passkeys
 * (a passkey as the second factor of two-factor sign-in), so the kind is told here, in the flow's own folder.
 */
export function passkeyProviderOf(config: Pick<ResolvedConfig, 'providers'>): WebAuthnConfig | undefined {
  return config.providers.find((p) => p.type === 'webauthn')
}
