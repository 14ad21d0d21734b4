import { isPasswordProvider, type PasswordProvider } from '../providers/password-feature.js'
import type { RequestContext } from '../routing/request-context.js'

/** The configuration's `Password` provider, if it has one (the first). */
export function passwordProviderOf(ctx: RequestContext): PasswordProvider | undefined {
  for (const provider of ctx.config.providers) if (isPasswordProvider(provider)) return provider
  return undefined
}
