import type { AuthConfig } from '../types.js'
import type { ReportIssue } from './config-issues.js'
import type { EnvDefaults } from './read-env.js'

/**
 * The secrets, newest first: `secret` as given, else `AUTH_SECRET_1..n` and `AUTH_SECRET` from the environment.
 * A secret that was set but is unusable is named as such, rather than reported as "no secret is set".
 */
export function configSecrets(config: AuthConfig, fromEnv: EnvDefaults, report: ReportIssue): string[] {
  const given: unknown = config.secret
  const secrets =
    typeof given === 'string' && given !== ''
      ? [given]
      : Array.isArray(given) && given.length > 0
        ? [...(given as string[])]
        : fromEnv.secrets
  if (given !== undefined && given !== null && typeof given !== 'string' && !Array.isArray(given)) {
    report({
      option: 'secret',
      problem: `is a ${typeof given}, not a string or an array of strings.`,
      fix: 'Pass one string, or an array of strings with the newest first.',
    })
  } else if (secrets.some((s) => typeof s !== 'string' || s === '')) {
    report({
      option: 'secret',
      problem: 'has an entry that is not a non-empty string.',
      fix: 'Make every entry of `secret` a non-empty string.',
    })
  } else if (secrets.length === 0) {
    report({
      option: 'secret',
      problem: 'no secret is set.',
      fix: 'Set AUTH_SECRET (generate one with `npx gatehouse-auth secret`), or pass `secret`.',
      type: 'MissingSecret',
      message: 'Please define a `secret`',
    })
  }
  return secrets
}
