/**
 * The built-in sign-in page: one form per provider, in configuration order, and the message for `?error=`.
 *
 * @module
 */
import type { CredentialInput, ProviderStyle } from '../providers/provider-types.js'
import type { Theme } from '../types.js'
import { credentialsForm } from './credentials-form.js'
import { hiddenFields } from './hidden-fields.js'
import { html, safeUrl, type SafeHtml } from './html.js'
import { providerButtonCss } from './provider-button-css.js'
import { renderPage, type RenderedPage } from './render-page.js'
import { safeImageUrl } from './safe-image-url.js'
import { signInErrorMessage } from './sign-in-error-message.js'

/** A provider as the sign-in page shows it. */
export interface SignInPageProvider {
  id: string
  name: string
  type: string
  /** Where the OAuth and email forms post: `{basePath}/signin/{id}`. */
  signinUrl: string
  /** Where the credentials form posts: `{basePath}/callback/{id}`. */
  callbackUrl: string
  credentials?: Record<string, CredentialInput> | undefined
  style?: ProviderStyle | undefined
}

/** What {@link renderSignInPage} needs; `error`, `code` and `email` come from the query string. */
export interface SignInPageOptions {
  providers: readonly SignInPageProvider[]
  csrfToken: string
  callbackUrl: string
  error?: string | undefined
  code?: string | undefined
  email?: string | undefined
  theme: Theme
}

/** One block of the page; consecutive provider buttons share a block, other kinds get their own. */
interface Section {
  kind: 'buttons' | 'form' | 'note'
  markup: SafeHtml
}

// The default code carries no information, and anything beyond a short token could be used to put
// attacker-written sentences on our page through a crafted link.
const SHOWN_CODE = /^[\w-]{1,32}$/

function alert(error: string | undefined, code: string | undefined): SafeHtml | undefined {
  const message = signInErrorMessage(error)
  if (message === undefined) return undefined
  const showCode =
    error === 'CredentialsSignin' && code !== undefined && code !== 'credentials' && SHOWN_CODE.test(code)
  return html`<div class="alert" role="alert">
    <p>${message}</p>
    ${showCode && html`<p>Error code: <code>${code}</code></p>`}
  </div>`
}

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

function oauthButton(p: SignInPageProvider, index: number, opts: SignInPageOptions): SafeHtml {
  return html`<form method="post" action="${safeUrl(p.signinUrl)}">
    ${hiddenFields(opts.csrfToken, opts.callbackUrl)}
    <button class="button button-provider provider-${index}" type="submit">
      ${providerLogo(p.style)}<span>Sign in with ${p.name}</span>
    </button>
  </form>`
}

function emailForm(
  p: SignInPageProvider,
  index: number,
  opts: SignInPageOptions,
  autofocus: boolean,
): SafeHtml {
  const id = `email-${index}`
  return html`<form class="stack" method="post" action="${safeUrl(p.signinUrl)}">
    ${hiddenFields(opts.csrfToken, opts.callbackUrl)}
    <div class="field">
      <label for="${id}">Email</label>
      <input
        id="${id}"
        name="email"
        type="email"
        autocomplete="email"
        spellcheck="false"
        placeholder="you@example.com"
        required
        value="${opts.email}"
        ${autofocus && html` autofocus`}
      />
    </div>
    <button class="button button-brand" type="submit">Sign in with ${p.name}</button>
  </form>`
}

function webAuthnNote(p: SignInPageProvider): SafeHtml {
  // Passkeys need navigator.credentials, i.e. a script, and this page runs none by design.
  return html`<p class="note">
    To sign in with ${p.name}, use the application's own sign-in button: passkeys need a script, which this
    page does not run.
  </p>`
}

function sections(opts: SignInPageOptions): { sections: Section[]; css: string } {
  const out: Section[] = []
  let css = ''
  let focusTaken = false
  opts.providers.forEach((p, index) => {
    let section: Section | undefined
    if (p.type === 'oauth' || p.type === 'oidc') {
      css += providerButtonCss(opts.theme, index, p.style)
      section = { kind: 'buttons', markup: oauthButton(p, index, opts) }
    } else if (p.type === 'email') {
      section = { kind: 'form', markup: emailForm(p, index, opts, !focusTaken) }
      focusTaken = true
    } else if (p.type === 'credentials') {
      const autofocus = !focusTaken
      focusTaken ||= Object.keys(p.credentials ?? {}).length > 0
      section = {
        kind: 'form',
        markup: credentialsForm({
          provider: p,
          index,
          csrfToken: opts.csrfToken,
          callbackUrl: opts.callbackUrl,
          autofocus,
        }),
      }
    } else if (p.type === 'webauthn') {
      section = { kind: 'note', markup: webAuthnNote(p) }
    }
    if (section === undefined) return
    const last = out.at(-1)
    if (last !== undefined && last.kind !== 'form' && last.kind === section.kind) {
      last.markup = html`${last.markup} ${section.markup}`
    } else {
      out.push(section)
    }
  })
  return { sections: out, css }
}

const SEPARATOR = html` <div class="separator">or</div> `

/**
 * Renders the sign-in page (status 200); every form posts the CSRF token, no field is prefilled except `email`,
 * and an `error` is shown as our own message, never as the raw parameter.
 *
 * @example
 * ```ts
 * const page = renderSignInPage({ providers, csrfToken, callbackUrl, error: url.searchParams.get('error') ?? undefined, theme })
 * ```
 */
export function renderSignInPage(opts: SignInPageOptions): RenderedPage {
  const { sections: parts, css } = sections(opts)
  const blocks = parts.map(
    (s, i) =>
      html`${i > 0 && SEPARATOR}
        <div class="stack">${s.markup}</div>`,
  )
  const body = html`<h1>Sign in</h1>
    ${alert(opts.error, opts.code)}
    ${blocks.length > 0 ? blocks : html`<p>No way to sign in is configured.</p>`}`
  return renderPage({ title: 'Sign in', theme: opts.theme, body, css })
}
