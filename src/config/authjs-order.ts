import type { ConfigIssue, ConfigIssueType } from '../errors.js'

/** The order in which Auth.js's `assertConfig` checks (`packages/core/src/lib/utils/assert.ts`, @auth/core 0.41). */
const AUTHJS_ORDER: readonly ConfigIssueType[] = [
  'UntrustedHost',
  'MissingSecret',
  'InvalidEndpoints',
  'DuplicateConditionalUI',
  'MissingWebAuthnAutocomplete',
  'UnsupportedStrategy',
  'MissingAuthorize',
  'MissingAdapter',
  'ExperimentalFeatureNotEnabled',
  'MissingAdapterMethods',
]

/**
 * The issues with those of Auth.js's classes first, in the order Auth.js checks them (so the first issue is the
 * one Auth.js would report), then Gatehouse's own in the order they were found.
 */
export function inAuthJsOrder(issues: readonly ConfigIssue[]): ConfigIssue[] {
  const rank = (issue: ConfigIssue) => {
    const at = AUTHJS_ORDER.indexOf(issue.type)
    return at === -1 ? AUTHJS_ORDER.length : at
  }
  // Array#sort is stable: issues of one rank keep the order they were found in.
  return [...issues].sort((a, b) => rank(a) - rank(b))
}
