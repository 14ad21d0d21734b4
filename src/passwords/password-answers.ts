import type { RequestContext } from '../routing/request-context.js'
import type { ResponseInternal } from '../types.js'
import type { PasswordRefusal } from './password-rules.js'

/** The built-in sign-in page, or the configured `pages.signIn`, with `params` in its query. */
export function signInPageRedirect(ctx: RequestContext, params: Record<string, string>): string {
  const custom = ctx.config.pages.signIn
  const page = custom ? ctx.pageUrl(custom) : ctx.actionUrl('signin')
  const query = new URLSearchParams(params).toString()
  return query === '' ? page : `${page}${page.includes('?') ? '&' : '?'}${query}`
}

/** A feature page of the password flows (`signup`, `reset-password`, …) with `params` in its query. */
export function passwordPageUrl(
  ctx: RequestContext,
  path: string,
  params: Record<string, string> = {},
): string {
  const query = new URLSearchParams(params).toString()
  return `${ctx.routeUrl(path)}${query === '' ? '' : `?${query}`}`
}

/**
 * A throttled attempt, answered at once: back to the form with `error=TooManyAttempts` and when to retry; in JSON
 * mode that address with status 429 and `Retry-After`.
 */
export function tooManyAttempts(target: string, retryAfter: number): ResponseInternal {
  const url = new URL(target)
  url.searchParams.set('error', 'TooManyAttempts')
  url.searchParams.set('retryAfter', String(retryAfter))
  return { redirect: url.href, headers: { 'Retry-After': String(retryAfter) }, jsonStatus: 429 }
}

/** A refused password: back to its form with the rule's name; in JSON mode that address with status 400. */
export function refusedPassword(
  target: string,
  refusal: PasswordRefusal | 'InvalidEmail' | 'InvalidToken' | 'WrongPassword',
): ResponseInternal {
  const url = new URL(target)
  url.searchParams.set('error', refusal)
  return { redirect: url.href, jsonStatus: 400 }
}

/** Too many password checks at once: a 503 with `Retry-After`, so that a flood does not exhaust memory. */
export function hashingBusy(): ResponseInternal {
  return {
    status: 503,
    headers: { 'Retry-After': '1', 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    body: 'Too many sign-in attempts are being checked right now. Please try again in a moment.',
  }
}

/** A form field as a string: missing, repeated or not text is `''`. */
export function field(ctx: RequestContext, name: string): string {
  const value = ctx.req.body?.[name]
  return typeof value === 'string' ? value : ''
}
