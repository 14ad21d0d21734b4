/**
 * The built-in sign-in page: one form per provider, in configuration order, and the message for `?error=`.
 *
 * @module
 */
import { flowForType } from '../flows/flow-for.js'
import type { CredentialInput, ProviderStyle } from '../providers/provider-types.js'
import type { Theme } from '../types.js'
import { html, type SafeHtml } from './html.js'
import { renderPage, type RenderedPage } from './render-page.js'
import type { PageScript, SignInSection } from './sign-in-section.js'
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
  /** A WebAuthn provider's `formFields` (its `email` field is the one the page shows). */
  formFields?: Record<string, CredentialInput> | undefined
  /** A WebAuthn provider's `enableConditionalUI` (passkey autofill; default on). */
  conditionalUI?: boolean | undefined
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
type Section = Pick<SignInSection, 'kind' | 'markup'>

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

interface Parts {
  sections: Section[]
  css: string
  scripts: PageScript[]
  connect: string[]
}

function sections(opts: SignInPageOptions): Parts {
  const out: Section[] = []
  let css = ''
  const scripts = new Map<string, PageScript>()
  const connect = new Set<string>()
  let focusTaken = false
  opts.providers.forEach((provider, index) => {
    // Each kind renders itself through its flow; a kind without one is not shown.
    const render = flowForType(provider.type)?.signInSection
    if (render === undefined) return
    const section = render({
      provider,
      index,
      csrfToken: opts.csrfToken,
      callbackUrl: opts.callbackUrl,
      email: opts.email,
      theme: opts.theme,
      autofocus: !focusTaken,
    })
    // Two passkey providers share one script and one stylesheet rule.
    if (section.css !== undefined && !css.includes(section.css)) css += section.css
    if (section.script !== undefined) scripts.set(section.script.src, section.script)
    if (section.connect !== undefined) connect.add(section.connect)
    if (section.takesFocus === true) focusTaken = true
    const last = out.at(-1)
    if (last !== undefined && last.kind !== 'form' && last.kind === section.kind) {
      last.markup = html`${last.markup} ${section.markup}`
    } else {
      out.push({ kind: section.kind, markup: section.markup })
    }
  })
  return { sections: out, css, scripts: [...scripts.values()], connect: [...connect] }
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
  const { sections: parts, css, scripts, connect } = sections(opts)
  const blocks = parts.map(
    (s, i) =>
      html`${i > 0 && SEPARATOR}
        <div class="stack">${s.markup}</div>`,
  )
  const body = html`<h1>Sign in</h1>
    ${alert(opts.error, opts.code)}
    ${blocks.length > 0 ? blocks : html`<p>No way to sign in is configured.</p>`}`
  return renderPage({ title: 'Sign in', theme: opts.theme, body, css, scripts, connect })
}
