import type { PagesOptions } from '../types.js'
import type { ReportIssue } from './config-issues.js'

const PAGES = ['signIn', 'signOut', 'error', 'verifyRequest', 'newUser']

/** The custom pages: each a path like `/login` or an http(s) URL. */
export function resolvePages(
  pages: Partial<PagesOptions> | undefined,
  report: ReportIssue,
): Readonly<Partial<PagesOptions>> {
  const out: Partial<PagesOptions> = {}
  for (const [key, value] of Object.entries(pages ?? {}) as Array<[keyof PagesOptions, unknown]>) {
    if (value === undefined) continue
    if (!PAGES.includes(key)) {
      report({
        option: `pages.${key}`,
        problem: 'is not a page Gatehouse knows.',
        fix: `Use ${PAGES.join(', ')}.`,
      })
    } else if (typeof value !== 'string' || !(value.startsWith('/') || /^https?:\/\//i.test(value))) {
      report({
        option: `pages.${key}`,
        problem: 'is neither a path nor an http(s) URL.',
        fix: 'Give a path like "/login", or an http(s) URL.',
      })
    } else out[key] = value
  }
  return Object.freeze(out)
}
