import { fail, redirect, type ActionFailure, type RequestEvent } from '@sveltejs/kit'
import { createActionURL } from '../../config/create-action-url.js'
import { AuthError } from '../../errors.js'
import type { ResponseInternal } from '../../types.js'
import { flowForType } from '../../flows/flow-for.js'
import { providerInfo } from '../provider-info.js'
import { kitClientAddress } from './client-address.js'
import { hostHeaders } from './host-headers.js'
import type { BoundConfig } from './sveltekit-config.js'
import { writeCookies } from './write-cookies.js'

/** Form fields with this prefix become authorization parameters (`authorizationParams-prompt=login`). */
const AUTHORIZATION_PARAMS_PREFIX = 'authorizationParams-'

/** What a form action returns with `redirect=false`: the URL it would have redirected to. */
export interface FormActionData {
  url: string
}

/** What a sign-in action returns when the sign-in failed (a wrong password): `form.error` / `form.code`. */
export interface SignInFailure {
  error: string
  code: string | undefined
}

/** The text fields of a form (files are not a sign-in field). */
async function formFields(event: RequestEvent): Promise<Record<string, string>> {
  const fields: Record<string, string> = {}
  let data: FormData
  try {
    data = await event.request.formData()
  } catch {
    return fields
  }
  for (const [key, value] of data) if (typeof value === 'string') fields[key] = value
  return fields
}

/** `url` when it is a path on this origin or a URL of it; anything else (another host, `javascript:`) is dropped. */
function sameOrigin(url: string | null | undefined, origin: string): string | undefined {
  if (!url) return undefined
  try {
    const parsed = new URL(url, origin)
    if (parsed.origin !== origin || !/^https?:$/.test(parsed.protocol)) return undefined
    return url.startsWith('/') && !url.startsWith('//') ? url : parsed.href
  } catch {
    return undefined
  }
}

/** The request headers for the core: the client's, as a form post, without what must not be forwarded. */
function actionHeaders(event: RequestEvent): Headers {
  const headers = new Headers(hostHeaders(event))
  // The core reads this as "answer JSON errors"; from a browser it would turn thrown sign-in errors into results.
  headers.delete('x-auth-return-redirect')
  headers.delete('content-length')
  headers.set('Content-Type', 'application/x-www-form-urlencoded')
  return headers
}

/** `redirect=false` (a string in a form) turns the redirect off, as `redirect: false` does. */
function wantsRedirect(value: string | undefined): boolean {
  return value !== 'false' && value !== '0'
}

function done(target: string, shouldRedirect: boolean): FormActionData {
  if (shouldRedirect) redirect(302, target)
  return { url: target }
}

function postRaw(
  bound: BoundConfig,
  event: RequestEvent,
  url: string,
  headers: Headers,
  body: URLSearchParams,
): Promise<ResponseInternal> {
  return bound.actions.handleRaw(new Request(url, { method: 'POST', headers, body }), {
    clientAddress: kitClientAddress(event),
  })
}

/**
 * The `signIn` form action: reads `providerId`, `redirectTo` (or `callbackUrl`), `redirect`, the provider's fields
 * and `authorizationParams-*`, signs in through the core, writes the cookies through `event.cookies` and redirects
 * with kit's `redirect()` (with `redirect=false`, returns `{ url }`). No provider, or one that does not exist, goes
 * to the sign-in page. A failed sign-in (a wrong password) is `fail(401, { error, code })` instead of a 500.
 */
export async function signInAction(
  bound: BoundConfig,
  event: RequestEvent,
): Promise<FormActionData | ActionFailure<SignInFailure>> {
  const fields = await formFields(event)
  const { providerId, redirect: redirectField, redirectTo, callbackUrl: callbackField, ...rest } = fields
  const shouldRedirect = wantsRedirect(redirectField)
  const headers = actionHeaders(event)
  const signInUrl = createActionURL('signin', event.url.protocol, headers, bound.env, bound.config)
  const callbackUrl =
    sameOrigin(redirectTo ?? callbackField, signInUrl.origin) ??
    sameOrigin(headers.get('referer'), signInUrl.origin) ??
    '/'
  const found = providerId ? providerInfo(bound.config, providerId) : undefined
  if (!found) return done(`${signInUrl.href}?${new URLSearchParams({ callbackUrl })}`, shouldRedirect)
  const authorizationParams = new URLSearchParams()
  const body = new URLSearchParams()
  for (const [key, value] of Object.entries(rest)) {
    if (key.startsWith(AUTHORIZATION_PARAMS_PREFIX))
      authorizationParams.set(key.slice(AUTHORIZATION_PARAMS_PREFIX.length), value)
    else body.set(key, value)
  }
  body.set('callbackUrl', callbackUrl)
  const action = flowForType(found.type)?.signInAction ?? 'signin'
  const base = signInUrl.href.replace(/\/signin$/, `/${action}`)
  const url = `${base}/${encodeURIComponent(found.id)}?${authorizationParams}`
  let result: ResponseInternal
  try {
    result = await postRaw(bound, event, url, headers, body)
  } catch (error) {
    if (error instanceof AuthError) return fail(401, { error: error.type, code: errorCode(error) })
    throw error
  }
  writeCookies(event.cookies, result.cookies)
  return done(result.redirect ?? url, shouldRedirect)
}

function errorCode(error: AuthError): string | undefined {
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' ? code : undefined
}

/**
 * The `signOut` form action: reads `redirectTo` (or `callbackUrl`) and `redirect`, signs out through the core
 * (the database session row is deleted), clears the cookies through `event.cookies`, then redirects (or returns
 * `{ url }`).
 */
export async function signOutAction(bound: BoundConfig, event: RequestEvent): Promise<FormActionData> {
  const fields = await formFields(event)
  const headers = actionHeaders(event)
  const url = createActionURL('signout', event.url.protocol, headers, bound.env, bound.config)
  const callbackUrl =
    sameOrigin(fields.redirectTo ?? fields.callbackUrl, url.origin) ??
    sameOrigin(headers.get('referer'), url.origin) ??
    '/'
  const result = await postRaw(bound, event, url.href, headers, new URLSearchParams({ callbackUrl }))
  writeCookies(event.cookies, result.cookies)
  return done(result.redirect ?? callbackUrl, wantsRedirect(fields.redirect))
}

/**
 * The `verifyTwoFactor` form action: reads `code` (a TOTP or backup code), `remember` and `redirect`, answers the
 * two-factor challenge of the sign-in held in this browser through the core, writes the cookies through
 * `event.cookies`, then redirects where the sign-in was going, or back to the challenge with `error=invalid` (with
 * `redirect=false`, returns `{ url }`). A sign-in that is no longer held is `fail(401, { error, code })`.
 */
export async function verifyTwoFactorAction(
  bound: BoundConfig,
  event: RequestEvent,
): Promise<FormActionData | ActionFailure<SignInFailure>> {
  const fields = await formFields(event)
  const headers = actionHeaders(event)
  const url = createActionURL('callback', event.url.protocol, headers, bound.env, bound.config)
  const body = new URLSearchParams({ code: fields.code ?? '' })
  if (fields.remember !== undefined) body.set('remember', '1')
  let result: ResponseInternal
  try {
    result = await postRaw(bound, event, `${url.href}/two-factor`, headers, body)
  } catch (error) {
    if (error instanceof AuthError) return fail(401, { error: error.type, code: errorCode(error) })
    throw error
  }
  writeCookies(event.cookies, result.cookies)
  return done(result.redirect ?? url.href, wantsRedirect(fields.redirect))
}
