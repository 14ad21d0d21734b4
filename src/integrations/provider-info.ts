import type { ProviderConfig } from '../providers/provider-types.js'
import type { AuthConfig } from '../types.js'

/**
 * The id and kind of the configured provider `id`, or `undefined`: what a server-side `signIn` needs to pick the
 * endpoint (`callback` for credentials, `signin` for the others). A provider given as a function is called.
 */
export function providerInfo(config: AuthConfig, id: string): { id: string; type: string } | undefined {
  for (const entry of config.providers ?? []) {
    const provider = (typeof entry === 'function' ? entry() : entry) as ProviderConfig & {
      options?: { id?: string; type?: string }
    }
    const providerId = provider.options?.id ?? provider.id
    if (providerId === id) return { id, type: provider.options?.type ?? provider.type }
  }
  return undefined
}
