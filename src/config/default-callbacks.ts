import type { CallbacksOptions } from '../types.js'
import type { ReportIssue } from './config-issues.js'

/**
 * Same-origin redirects only: a relative path resolves against the origin, an absolute URL on the origin is
 * kept, anything else (another host, `//evil.example`, `javascript:`) becomes the origin.
 */
export function defaultRedirect({ url, baseUrl }: { url: string; baseUrl: string }): string {
  try {
    const base = new URL(baseUrl)
    const target = new URL(url, base)
    return target.origin === base.origin ? target.href : baseUrl
  } catch {
    return baseUrl
  }
}

const defaults: CallbacksOptions = {
  signIn: () => true,
  redirect: defaultRedirect,
  // Only name, email and image reach the client unless the application copies more, as in Auth.js.
  session: ({ session }) => ({
    user: { name: session.user?.name, email: session.user?.email, image: session.user?.image },
    expires: session.expires,
  }),
  jwt: ({ token }) => token,
}

/** The callbacks with defaults filled in, and which of them the application replaced. */
export function defaultCallbacks(
  user: Partial<CallbacksOptions> | undefined,
  report: ReportIssue,
): { callbacks: Readonly<CallbacksOptions>; custom: Readonly<Record<keyof CallbacksOptions, boolean>> } {
  const callbacks = { ...defaults }
  const custom = { signIn: false, redirect: false, session: false, jwt: false }
  for (const [name, fn] of Object.entries(user ?? {})) {
    if (fn === undefined) continue
    if (!(name in defaults)) {
      // `authorized` belongs to framework middleware; accept it so shared configs keep working.
      if (name !== 'authorized') {
        report({
          option: `callbacks.${name}`,
          problem: 'is not a callback Gatehouse knows.',
          fix: 'Use signIn, redirect, session or jwt (authorized belongs to framework middleware).',
        })
      }
      continue
    }
    if (typeof fn !== 'function') {
      report({
        option: `callbacks.${name}`,
        problem: 'is not a function.',
        fix: 'Pass a function, or leave it out.',
      })
      continue
    }
    const key = name as keyof CallbacksOptions
    ;(callbacks as Record<string, unknown>)[key] = fn
    custom[key] = true
  }
  return { callbacks: Object.freeze(callbacks), custom: Object.freeze(custom) }
}
