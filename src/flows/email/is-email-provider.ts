import type { EmailConfig } from '../../providers/provider-types.js'

/**
 * Whether a provider (resolved, or as written) is of the e-mail kind: the e-mail kind's own test, for the Password
 * provider's sender, which may be any e-mail provider.
 */
export function isEmailProvider(provider: { readonly type?: unknown } | undefined): provider is EmailConfig {
  return provider?.type === 'email'
}
