import { flowFor, flowForType } from '../flows/flow-for.js'
import {
  clearKeptValuesCookie,
  keptValuesCookieName,
  readKeptValues,
  usesSecureCookies,
} from '../pages/kept-sign-in-values.js'
import { renderSignInPage } from '../pages/sign-in-page.js'
import type { OAuthConfig } from '../providers/provider-types.js'
import type { RequestContext } from '../routing/request-context.js'
import type { Cookie, ResponseInternal } from '../types.js'
import { pageResult, withQuery } from '../pages/page-result.js'

/** Only short, plain error values reach the page or a custom page's URL. */
function safeParam(value: string | undefined): string | undefined {
  return value !== undefined && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : undefined
}

/** GET /signin: the built-in sign-in page, or a redirect to `pages.signIn` with `callbackUrl` and `error`. */
export async function signInPage(ctx: RequestContext): Promise<ResponseInternal> {
  const { config, req } = ctx
  const { url: callbackUrl, cookie } = await ctx.callbackUrl()
  const error = safeParam(req.query.error)
  if (config.pages.signIn) {
    return {
      redirect: withQuery(config.pages.signIn, { callbackUrl, error, code: safeParam(req.query.code) }),
      ...(cookie ? { cookies: [cookie] } : {}),
    }
  }
  const csrf = ctx.csrf()
  const cookies: Cookie[] = []
  if (csrf.cookie) cookies.push(csrf.cookie)
  if (cookie) cookies.push(cookie)
  // The address typed before a refused password: shown once, with that refusal's message, then forgotten.
  const secure = usesSecureCookies(ctx)
  const keptCookie = req.cookies[keptValuesCookieName(secure)]
  if (keptCookie !== undefined) cookies.push(clearKeptValuesCookie(secure))
  // A wrong password keeps the address; so does an address not verified yet, whose message offers to resend to it.
  const kept =
    error === 'CredentialsSignin' || error === 'EmailNotVerified' ? readKeptValues(keptCookie) : undefined
  const page = renderSignInPage({
    providers: config.providers.map((p) => ({
      id: p.id,
      name: p.name,
      type: p.type,
      signinUrl: ctx.actionUrl('signin', p.id),
      callbackUrl: ctx.actionUrl('callback', p.id),
      ...flowFor(p).signInPageFields?.(p),
      ...((p as OAuthConfig).style ? { style: (p as OAuthConfig).style! } : {}),
    })),
    sectionFor: (p) => flowForType(p.type)?.signInSection,
    csrfToken: csrf.token,
    callbackUrl,
    ...(error ? { error } : {}),
    ...(safeParam(req.query.code) ? { code: safeParam(req.query.code)! } : {}),
    ...(kept ? { kept } : {}),
    theme: config.theme,
  })
  return { ...pageResult(page), cookies }
}

/**
 * POST /signin[/{id}]: starts the provider's flow (CSRF was checked by the router). Without a provider, the
 * contract answers with the sign-in page.
 */
export async function signInStart(ctx: RequestContext): Promise<ResponseInternal> {
  if (!ctx.provider) return { redirect: ctx.actionUrl('signin') }
  const result = await flowFor(ctx.provider).start(ctx, ctx.provider)
  const { cookie } = await ctx.callbackUrl()
  if (cookie) result.cookies = [...(result.cookies ?? []), cookie]
  return result
}
