import type { AdapterUser } from '../adapters/adapter.js'
import type { RequestContext } from '../routing/request-context.js'
import { checkBreachedPassword } from './breached-password.js'
import type { PasswordRuntime } from '../providers/password-feature.js'
import {
  localPasswordRefusal,
  minLengthFor,
  normalizePassword,
  type PasswordRefusal,
} from './password-rules.js'

/**
 * Checks a new password against every rule, the breach check last (it is the only one that leaves the server):
 * the normalized password to hash, or the rule it breaks. A breach service that fails accepts the password, with a
 * warning in the log.
 */
export async function refusalOf(
  ctx: RequestContext,
  runtime: PasswordRuntime,
  typed: string,
  email: string,
  user: AdapterUser | null,
): Promise<{ password: string } | { refusal: PasswordRefusal }> {
  const password = normalizePassword(typed)
  const minLength = await minLengthFor(runtime, user, ctx.config.adapter)
  const local = await localPasswordRefusal({ password, email, minLength, maxLength: runtime.maxLength })
  if (local !== undefined) return { refusal: local }
  if (runtime.breachedPasswordCheck !== false) {
    const found = await checkBreachedPassword(
      password,
      runtime.breachedPasswordCheck,
      runtime.fetch ?? ctx.config.fetch ?? fetch,
    )
    if (found === 'breached') return { refusal: 'PasswordBreached' }
    if (found === 'unknown') ctx.config.logger.debug('breached-password check unavailable; password accepted')
  }
  return { password }
}
