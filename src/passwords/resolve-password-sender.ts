import type { Adapter } from '../adapters/adapter.js'
import { missingAdapterMethods } from '../adapters/missing-adapter-methods.js'
import type { ReportIssue } from '../config/config-issues.js'
import type { ProviderList } from '../config/resolve-providers.js'
import { mergeDeep } from '../lib/merge-deep.js'
import { emailFlow } from '../flows/email/email-flow.js'
import type { EmailConfig } from '../providers/provider-types.js'
import { isPasswordProvider, passwordFeature } from '../providers/password-feature.js'
import { isEmailProvider } from '../flows/email/is-email-provider.js'

type Env = Record<string, string | undefined>

/**
 * At configuration time, for a `Password` provider: one only, an adapter with the `passwords` methods, and an
 * e-mail sender (its own `sender`, resolved as a provider is, or the first e-mail provider configured). Returns the
 * sender its messages go through.
 */
export function resolvePasswordSender(
  list: ProviderList,
  adapter: Adapter | undefined,
  env: Env,
  report: ReportIssue,
): EmailConfig | undefined {
  const found = list.providers.filter(isPasswordProvider)
  const provider = found[0]
  if (provider === undefined) return undefined
  const where = list.labels.get(provider) ?? provider.id
  if (found.length > 1)
    report({
      option: list.labels.get(found[1]!) ?? found[1]!.id,
      problem: 'is a second Password provider; a configuration has at most one.',
      fix: 'Keep one `Password(…)` in `providers`.',
    })
  if (adapter === undefined) {
    report({
      option: 'adapter',
      problem: `${where} is a Password provider, which keeps users and their password hashes in the adapter.`,
      fix: 'Set an adapter with the passwords capability, such as gatehouse-auth/adapters/sqlite.',
      type: 'MissingAdapter',
      message: 'Password sign-in requires an adapter',
    })
  } else {
    const missing = missingAdapterMethods(adapter, ['passwords'])
    if (missing.length > 0)
      report({
        option: 'adapter',
        problem: `lacks ${missing.map((m) => `\`${m}\``).join(', ')}, needed by the Password provider.`,
        fix: 'Implement them, or use an adapter that has them (gatehouse-auth/adapters/*, version 5 of the schema).',
        type: 'MissingAdapterMethods',
        message: `Required adapter methods were missing: ${missing.join(', ')}`,
      })
  }
  const own = provider[passwordFeature]
  if (own.sender !== undefined) {
    const { options, ...defaults } = own.sender as EmailConfig & { options?: Record<string, unknown> }
    const sender = mergeDeep(defaults, options) as EmailConfig
    emailFlow.fillFromEnv?.(sender, env)
    const problem = emailFlow.validate?.(sender)
    if (problem !== undefined) {
      report({
        option: `${where}.sender`,
        problem: typeof problem === 'string' ? problem : problem.problem,
        fix: 'Give an e-mail provider that can send, such as Nodemailer({ server, from }).',
      })
      return undefined
    }
    return Object.freeze(sender)
  }
  const first = list.providers.find(isEmailProvider)
  if (first === undefined)
    report({
      option: where,
      problem: 'has no e-mail sender: its verification and reset links are mailed.',
      fix: 'Pass `Password({ sender: Nodemailer({ server, from }) })`, or add an e-mail provider to `providers`.',
    })
  return first
}
