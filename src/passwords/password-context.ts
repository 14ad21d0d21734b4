import { pageResult } from '../pages/page-result.js'
import { adapterFor, type AdapterFor } from '../adapters/adapter-for.js'
import { UnknownAction } from '../errors.js'
import type { RenderedPage } from '../pages/render-page.js'
import type { RequestContext } from '../routing/request-context.js'
import type { Cookie, ResponseInternal } from '../types.js'
import {
  passwordFeature,
  type PasswordProvider,
  type PasswordRuntime,
} from '../providers/password-feature.js'
import { passwordProviderOf } from './password-provider-of.js'

/** What a password route works with: the provider, its runtime and the adapter, typed. */
export interface PasswordContext {
  provider: PasswordProvider
  runtime: PasswordRuntime
  adapter: AdapterFor<'passwords'>
}

/** The configuration's Password provider, or the answer of an unknown action (a configuration without one). */
export function passwordContext(ctx: RequestContext): PasswordContext {
  const provider = passwordProviderOf(ctx)
  // Configuration requires the adapter methods whenever there is a Password provider.
  const adapter = provider === undefined ? undefined : adapterFor(ctx.config.adapter, 'passwords')
  if (provider === undefined || adapter === undefined)
    throw new UnknownAction(`/${ctx.req.url.pathname.split('/').at(-1) ?? ''} needs a Password provider.`)
  return { provider, runtime: provider[passwordFeature], adapter }
}

/** A built-in page with the CSRF cookie (when one was minted) and the callback URL's. */
export async function passwordPage(
  ctx: RequestContext,
  render: (csrfToken: string, callbackUrl: string) => RenderedPage,
): Promise<ResponseInternal> {
  const csrf = ctx.csrf()
  const { url, cookie } = await ctx.callbackUrl()
  const cookies: Cookie[] = []
  if (csrf.cookie) cookies.push(csrf.cookie)
  if (cookie) cookies.push(cookie)
  return { ...pageResult(render(csrf.token, url)), cookies }
}

/** A query parameter as a string (`''` when missing). */
export function queryField(ctx: RequestContext, name: string): string {
  const value = ctx.req.query?.[name]
  return typeof value === 'string' ? value : ''
}
