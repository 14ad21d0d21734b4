import { cryptoBackend } from '#crypto'
import { pageResult } from '../../pages/page-result.js'
import { MissingCSRF, Verification } from '../../errors.js'
import { renderEmailConfirmPage } from '../../pages/email-confirm-page.js'
import type { EmailConfig } from '../../providers/provider-types.js'
import { skipEmailConfirmation } from '../../symbols.js'
import type { RequestContext } from '../../routing/request-context.js'
import type { Cookie, ResponseInternal } from '../../types.js'
import type { FlowIdentity } from '../sign-in-flow.js'
import { isSameOriginPost } from './same-origin-post.js'
import { candidateTokenHashes, tokenSecrets } from './verification-token-hashes.js'

function field(source: Record<string, unknown> | undefined, name: string): string | undefined {
  const value = source?.[name]
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** The confirmation page for a link opened by GET: it reads nothing from the adapter and changes nothing. */
async function confirmationPage(
  ctx: RequestContext,
  provider: EmailConfig,
  token: string,
  email: string,
): Promise<ResponseInternal> {
  const csrf = ctx.csrf()
  const { url: callbackUrl, cookie } = await ctx.callbackUrl()
  const cookies: Cookie[] = []
  if (csrf.cookie) cookies.push(csrf.cookie)
  if (cookie) cookies.push(cookie)
  const page = renderEmailConfirmPage({
    url: ctx.actionUrl('callback', provider.id),
    csrfToken: csrf.token,
    token,
    email,
    callbackUrl,
    theme: ctx.config.theme,
  })
  return { ...pageResult(page), cookies }
}

/**
 * GET or POST /callback/{id} of an e-mail provider. With `confirmation` (the default) a GET only shows the page
 * with the button, and the POST it makes (CSRF token checked by the router, same origin checked here) uses the
 * token; with `confirmation: skipEmailConfirmation` the GET uses it, as in Auth.js. The token is used once
 * (`useVerificationToken` deletes it); a missing, used, expired token, or one of another address, is
 * `Verification`.
 *
 * Login CSRF (another site signing the victim's browser into the attacker's account with the attacker's link)
 * is stopped by the CSRF token and the same-origin check on the POST. The link is deliberately not bound to the
 * browser that asked for it (with a cookie set at POST /signin): people ask on a computer and open the mail on
 * their phone, and a binding would break that for everyone to stop an attack the POST checks already stop.
 */
export async function finishEmailSignIn(
  ctx: RequestContext,
  provider: EmailConfig,
): Promise<FlowIdentity | ResponseInternal> {
  const { config, req } = ctx
  const params = req.method === 'POST' ? req.body : req.query
  const token = field(params, 'token')
  const email = field(params, 'email')
  if (token === undefined || email === undefined) {
    throw new Verification('The sign-in link has no token or no address.', {
      reason: 'verification_token_missing',
    })
  }
  if (req.method === 'GET' && provider.confirmation !== skipEmailConfirmation) {
    return confirmationPage(ctx, provider, token, email)
  }
  if (req.method === 'POST' && !isSameOriginPost(req.request.headers, ctx.origin)) {
    throw new MissingCSRF('The sign-in confirmation was posted from another site.', {
      reason: 'cross_site_request',
    })
  }

  const adapter = config.adapter!
  let used = null
  // The link's address is the stored identifier as it is (it was normalized when the link was made).
  for (const hash of candidateTokenHashes(token, tokenSecrets(provider.secret, config.secrets))) {
    used = await adapter.useVerificationToken!({ identifier: email, token: hash })
    if (used) break
  }
  if (!used) {
    throw new Verification('The sign-in link was already used, or is not one of this address.', {
      reason: 'verification_token_invalid',
    })
  }
  if (new Date(used.expires).getTime() < Date.now()) {
    throw new Verification('The sign-in link has expired.', { reason: 'verification_token_expired' })
  }

  const existing = await adapter.getUserByEmail!(email)
  const user = existing ?? { id: cryptoBackend.randomUUID(), email, emailVerified: null }
  return {
    user,
    account: { providerAccountId: email, userId: user.id, type: 'email', provider: provider.id },
    isNewUser: existing === null,
  }
}
