import { hiddenFields } from '../../pages/hidden-fields.js'
import { html, safeUrl, type SafeHtml } from '../../pages/html.js'
import { providerButtonCss } from '../../pages/provider-button-css.js'
import { safeImageUrl } from '../../pages/safe-image-url.js'
import type { SignInSectionRenderer } from '../../pages/sign-in-section.js'
import type { ProviderStyle } from '../../providers/provider-types.js'

function providerLogo(style: ProviderStyle | undefined): SafeHtml | undefined {
  const light = safeImageUrl(style?.logo)
  const dark = safeImageUrl(style?.logoDark)
  if (light !== undefined && dark !== undefined) {
    return html`<img class="show-light" src="${light}" alt="" /><img
        class="show-dark"
        src="${dark}"
        alt=""
      />`
  }
  const only = light ?? dark
  return only === undefined ? undefined : html`<img src="${only}" alt="" />`
}

/** An OAuth/OIDC provider on the sign-in page: a button, in the provider's colours, that posts to its sign-in URL. */
export const oauthSignInButton: SignInSectionRenderer = ({
  provider: p,
  index,
  csrfToken,
  callbackUrl,
  theme,
}) => ({
  kind: 'buttons',
  css: providerButtonCss(theme, index, p.style),
  markup: html`<form method="post" action="${safeUrl(p.signinUrl)}">
    ${hiddenFields(csrfToken, callbackUrl)}
    <button class="button button-provider provider-${index}" type="submit">
      ${providerLogo(p.style)}<span>Sign in with ${p.name}</span>
    </button>
  </form>`,
})
