/**
 * The sign-in page's offer to send the verification link again, under the "not verified yet" message.
 *
 * @module
 */
import { hiddenFields } from './hidden-fields.js'
import { html, safeUrl, type SafeHtml } from './html.js'
import type { KeptSignInValues } from './kept-sign-in-values.js'
import type { SignInPageProvider } from './sign-in-page-provider.js'

/** What {@link resendVerificationForm} needs of the sign-in page. */
export interface ResendVerificationFormOptions {
  providers: readonly SignInPageProvider[]
  csrfToken: string
  callbackUrl: string
  kept?: KeptSignInValues | undefined
}

/**
 * A one-button form posting the address just typed to the password provider's `verify-email/resend`, or, when that
 * address was not kept (a custom form posted, cookies off), a link to the page that asks for it; `undefined` when
 * no provider offers a resend.
 */
export function resendVerificationForm(opts: ResendVerificationFormOptions): SafeHtml | undefined {
  const provider = opts.providers.find((p) => p.links?.resendVerification !== undefined)
  if (provider === undefined) return undefined
  // Relative to the callback URL's base, as the form's other links are: `{base}/callback/{id}` → `{base}/…`.
  const page = new URL(`../${provider.links!.resendVerification!}`, provider.callbackUrl).href
  const email = opts.kept?.providerId === provider.id ? opts.kept.values['email'] : undefined
  if (email === undefined || email === '') {
    return html`<p><a href="${safeUrl(page)}">Send the verification email again</a></p>`
  }
  return html`<form method="post" action="${safeUrl(`${page}/resend`)}">
    ${hiddenFields(opts.csrfToken, opts.callbackUrl)}
    <input type="hidden" name="email" value="${email}" />
    <button class="button button-secondary" type="submit">Send the verification email again</button>
  </form>`
}
