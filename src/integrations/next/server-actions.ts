import { cookies, headers as nextHeaders } from 'next/headers.js'
import type { Cookie, ResponseInternal, Session } from '../../types.js'
import { runInternal } from '../../auth.js'
import { answerConfigFailure } from '../../config/config-failure.js'
import { flowForType } from '../../flows/flow-for.js'
import { providerInfo } from '../provider-info.js'
import { actionUrl } from './action-url.js'
import type { BoundConfig } from './next-auth-config.js'

/**
 * Next's `redirect()` (it throws NEXT_REDIRECT), loaded when a server action redirects. `next/navigation` has no
 * `.js` form that Next's bundler accepts (it swaps the module per layer by this exact name), and plain Node ESM
 * cannot resolve it without one: importing it here, not at the top, keeps `gatehouse-auth/next` loadable by plain Node
 * (a custom server, a test runner) while Next bundles it as usual.
 */
async function redirect(url: string): Promise<never> {
  const navigation = await import('next/navigation')
  return navigation.redirect(url)
}

/** Options of the server-side `signIn`: where to go after, whether to redirect, and the form fields. */
export type SignInActionOptions =
  FormData | ({ redirectTo?: string; redirect?: boolean } & Record<string, string | boolean | undefined>)

/** Options of the server-side `signOut`. */
export interface SignOutActionOptions {
  redirectTo?: string
  redirect?: boolean
}

/** The request headers of the action, without what must not be forwarded to the core. */
async function actionHeaders(contentType: string): Promise<Headers> {
  const headers = new Headers(await nextHeaders())
  // The core reads this header as "answer JSON errors"; from a browser it would turn thrown errors into results.
  headers.delete('x-auth-return-redirect')
  headers.delete('content-length')
  headers.set('Content-Type', contentType)
  return headers
}

/** `url` when it is a path on this origin or a URL of it; anything else (another host, `javascript:`) is dropped. */
function sameOrigin(url: unknown, origin: string): string | undefined {
  if (typeof url !== 'string' || url === '') return undefined
  try {
    const parsed = new URL(url, origin)
    if (parsed.origin !== origin || !/^https?:$/.test(parsed.protocol)) return undefined
    return url.startsWith('/') && !url.startsWith('//') ? url : parsed.href
  } catch {
    return undefined
  }
}

/** Writes the core's cookies through `cookies()` (server actions and route handlers may write them). */
async function writeCookies(list: readonly Cookie[] | undefined): Promise<void> {
  if (!list?.length) return
  const jar = await cookies()
  for (const cookie of list) jar.set(cookie.name, cookie.value, cookie.options)
}

/** POSTs to the core in raw mode: sign-in errors are thrown (`CredentialsSignin` with its `code`). */
async function postRaw(
  bound: BoundConfig,
  url: string,
  headers: Headers,
  body: string,
): Promise<ResponseInternal> {
  const request = new Request(url, { method: 'POST', headers, body })
  const resolution = bound.actions
  if ('failure' in resolution) return answerConfigFailure(request, resolution.failure)
  return runInternal(request, resolution.config, true)
}

/** The server-side `signIn` (next-auth's `signIn` server action), see {@link NextAuthResult.signIn}. */
export async function signInAction(
  bound: BoundConfig,
  provider: string | undefined,
  options: SignInActionOptions = {},
  authorizationParams?: string | string[][] | Record<string, string> | URLSearchParams,
): Promise<string> {
  const headers = await actionHeaders('application/x-www-form-urlencoded')
  const fields: Record<string, unknown> =
    options instanceof FormData ? Object.fromEntries(options.entries()) : { ...options }
  const { redirect: redirectOption, redirectTo, ...rest } = fields
  const shouldRedirect = redirectOption !== false && redirectOption !== 'false'
  const signInUrl = actionUrl('signin', headers, bound)
  const callbackUrl =
    sameOrigin(redirectTo, signInUrl.origin) ?? sameOrigin(headers.get('Referer'), signInUrl.origin) ?? '/'
  const found = provider ? providerInfo(bound.config, provider) : undefined
  if (!found) {
    const url = `${signInUrl.href}?${new URLSearchParams({ callbackUrl })}`
    if (shouldRedirect) await redirect(url)
    return url
  }
  const action = flowForType(found.type)?.signInAction ?? 'signin'
  const base = signInUrl.href.replace(/\/signin$/, `/${action}`)
  const url = `${base}/${encodeURIComponent(found.id)}?${new URLSearchParams(authorizationParams)}`
  const body = new URLSearchParams()
  for (const [key, value] of Object.entries(rest)) {
    // Next's own fields of a form bound to an action ($ACTION_ID_…) are not the provider's.
    if (typeof value === 'string' && !key.startsWith('$ACTION')) body.set(key, value)
  }
  body.set('callbackUrl', callbackUrl)
  const result = await postRaw(bound, url, headers, body.toString())
  await writeCookies(result.cookies)
  const target = result.redirect ?? url
  if (shouldRedirect) await redirect(target)
  return target
}

/** Options of the server-side `verifyTwoFactor`. */
export interface VerifyTwoFactorActionOptions {
  /** "Remember this browser" (when the configuration offers it). */
  remember?: boolean
  redirect?: boolean
}

/**
 * The server-side `verifyTwoFactor`: answers the two-factor challenge of the sign-in held in this browser with a
 * TOTP or backup code (a string, or a form with `code` and `remember`), writes the cookies, then redirects where the
 * sign-in was going, or back to the challenge with `error=invalid` (with `redirect: false`, returns that URL).
 */
export async function verifyTwoFactorAction(
  bound: BoundConfig,
  code: string | FormData,
  options: VerifyTwoFactorActionOptions = {},
): Promise<string> {
  const headers = await actionHeaders('application/x-www-form-urlencoded')
  const fields = code instanceof FormData ? code : undefined
  const posted = fields ? fields.get('code') : code
  const body = new URLSearchParams({ code: typeof posted === 'string' ? posted : '' })
  const remember = options.remember === true || (fields !== undefined && fields.get('remember') !== null)
  if (remember) body.set('remember', '1')
  const url = actionUrl('callback', headers, bound).href.replace(/\/callback$/, '/callback/two-factor')
  const result = await postRaw(bound, url, headers, body.toString())
  await writeCookies(result.cookies)
  const target = result.redirect ?? url
  if (options.redirect ?? true) await redirect(target)
  return target
}

/** The server-side `signOut`, see {@link NextAuthResult.signOut}. */
export async function signOutAction(
  bound: BoundConfig,
  options?: SignOutActionOptions,
): Promise<{ redirect: string }> {
  const headers = await actionHeaders('application/x-www-form-urlencoded')
  const url = actionUrl('signout', headers, bound)
  const callbackUrl =
    sameOrigin(options?.redirectTo, url.origin) ?? sameOrigin(headers.get('Referer'), url.origin) ?? '/'
  const result = await postRaw(bound, url.href, headers, new URLSearchParams({ callbackUrl }).toString())
  await writeCookies(result.cookies)
  const target = result.redirect ?? callbackUrl
  if (options?.redirect ?? true) await redirect(target)
  return { redirect: target }
}

/** `unstable_update(data)`: the `jwt` callback runs with trigger `update`; see {@link NextAuthResult.unstable_update}. */
export async function updateAction(bound: BoundConfig, data: unknown): Promise<Session | null> {
  const headers = await actionHeaders('application/json')
  const url = actionUrl('session', headers, bound)
  const result = await postRaw(bound, url.href, headers, JSON.stringify({ data }))
  await writeCookies(result.cookies)
  return result.status === undefined || result.status === 200
    ? ((result.body as Session | null) ?? null)
    : null
}
