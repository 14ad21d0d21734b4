import type { Theme } from '../types.js'
import type { ReportIssue } from './config-issues.js'

/** The theme of the built-in pages, `colorScheme` defaulting to `auto`. */
export function resolveTheme(theme: Theme | undefined, report: ReportIssue): Readonly<Theme> {
  const resolved = Object.freeze({ colorScheme: 'auto' as const, ...theme })
  if (!['auto', 'dark', 'light'].includes(resolved.colorScheme)) {
    report({
      option: 'theme.colorScheme',
      problem: `"${String(resolved.colorScheme)}" is not a colour scheme.`,
      fix: 'Use "auto", "dark" or "light".',
    })
  }
  return resolved
}
