import { apiBaseUrl } from './client-config.js'
import type { SignInResponse } from './client-types.js'
import { getCsrfToken } from './get-csrf-token.js'
import { errorOf, navigate } from './navigate.js'
import { notifySessionChanged } from './session-channel.js'

/** Options of {@link verifyTwoFactor}. */
export interface VerifyTwoFactorOptions {
  /** "Remember this browser" (when the server offers it): later sign-ins here skip the step. */
  remember?: boolean | undefined
  /** Whether a correct code navigates to where the sign-in was going (default `true`). */
  redirect?: boolean | undefined
}

/**
 * Answers the two-factor challenge of the sign-in this browser started (`signIn` resolved with the challenge `url`,
 * `{basePath}/two-factor`): a TOTP code or a backup code, posted to `{basePath}/callback/two-factor`. A correct code
 * issues the session (and navigates, unless `redirect: false`); a wrong one resolves with `error: 'invalid'`
 * (`'locked'` after too many), the same for either kind of code; a sign-in that is void or expired resolves with
 * the sign-in page's error (`CredentialsSignin`, `InvalidCheck`).
 *
 * @example
 * ```ts
 * const result = await verifyTwoFactor(code, { redirect: false })
 * if (result.error) showError(result.error)
 * ```
 */
export async function verifyTwoFactor(
  code: string,
  options: VerifyTwoFactorOptions = {},
): Promise<SignInResponse> {
  const base = apiBaseUrl()
  const body = new URLSearchParams({ csrfToken: await getCsrfToken(), code })
  if (options.remember === true) body.set('remember', '1')
  const response = await fetch(`${base}/callback/two-factor`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Auth-Return-Redirect': '1' },
    body,
  })
  const data = (await response.json().catch(() => ({}))) as { url?: string }
  const { error, code: reason } = errorOf(data.url)
  const ok = response.ok && error === undefined && typeof data.url === 'string'
  if (ok) {
    notifySessionChanged()
    if (options.redirect !== false) navigate(data.url!)
  }
  return { error, code: reason, status: response.status, ok, url: ok ? data.url! : null }
}
