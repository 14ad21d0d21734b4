/**
 * The hidden fields every built-in form posts.
 *
 * @module
 */
import { html, safeUrl, type SafeHtml } from './html.js'

/**
 * Renders the hidden `csrfToken` field (the double-submit token the POST handler checks) and, when it is an http(s)
 * or relative URL, the hidden `callbackUrl` field.
 */
export function hiddenFields(csrfToken: string, callbackUrl: string | undefined): SafeHtml {
  // Any other scheme is left out rather than replaced: the handler then falls back to its default callbackUrl,
  // whereas a placeholder such as `#` would be taken as a real target.
  const callback = safeUrl(callbackUrl, '')
  return html`<input type="hidden" name="csrfToken" value="${csrfToken}" />${
      callback !== '' && html`<input type="hidden" name="callbackUrl" value="${callback}" />`
    }`
}
