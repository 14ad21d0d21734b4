import type { Provider, ProviderConfig } from '../../providers/provider-types.js'

/**
 * Whether the configuration signs users in by e-mail link (a provider of type `email`): the e-mail kind's own test,
 * for passkey management (an address with e-mail sign-in is a way back in, so a last passkey may go).
 */
export function hasEmailSignIn(config: { providers?: readonly Provider[] | undefined }): boolean {
  return (config.providers ?? []).some((p) => {
    // A provider given as a function is called, as configuration calls it.
    const provider: ProviderConfig = typeof p === 'function' ? p() : p
    return provider?.type === 'email'
  })
}
