/**
 * The built-in sign-in page: each way in as its own titled section (a password form, "Email me a sign-in link",
 * passkeys; the provider buttons together), in configuration order, one primary action, and the message for
 * `?error=`.
 *
 * @module
 */
import type { Theme } from '../types.js'
import { html, type SafeHtml } from './html.js'
import type { KeptSignInValues } from './kept-sign-in-values.js'
import { renderPage, type RenderedPage } from './render-page.js'
import type { SignInPageProvider } from './sign-in-page-provider.js'
import type { PageScript, SignInSection, SignInSectionRenderer } from './sign-in-section.js'
import { signInErrorMessage } from './sign-in-error-message.js'
import { resendVerificationForm } from './resend-verification-form.js'

export type { SignInPageProvider } from './sign-in-page-provider.js'

/** What {@link renderSignInPage} needs; `error`, `code` and `email` come from the query string. */
export interface SignInPageOptions {
  providers: readonly SignInPageProvider[]
  /**
   * How a provider's kind renders its section (its flow's `signInSection`, which the sign-in action passes): the
   * page knows no kind; a provider without a renderer is not shown.
   */
  sectionFor: (provider: SignInPageProvider) => SignInSectionRenderer | undefined
  csrfToken: string
  callbackUrl: string
  error?: string | undefined
  code?: string | undefined
  email?: string | undefined
  /** What was typed into a credentials form before a refused attempt (never a password). */
  kept?: KeptSignInValues | undefined
  theme: Theme
}

/** One block of the page: every provider button shares one block, each other section gets its own. */
type Section = Pick<SignInSection, 'kind' | 'markup' | 'title' | 'intro' | 'idPrefix'>

// The default code carries no information, and anything beyond a short token could be used to put
// attacker-written sentences on our page through a crafted link.
const SHOWN_CODE = /^[\w-]{1,32}$/

function alert(opts: SignInPageOptions): SafeHtml | undefined {
  const { error, code } = opts
  const message = signInErrorMessage(error)
  if (message === undefined) return undefined
  const showCode =
    error === 'CredentialsSignin' && code !== undefined && code !== 'credentials' && SHOWN_CODE.test(code)
  // The refusal of an address not verified yet offers what it asks for: the link, sent again.
  const resend = error === 'EmailNotVerified' ? resendVerificationForm(opts) : undefined
  return html`<div class="alert" role="alert">
    <p>${message}</p>
    ${showCode && html`<p>Error code: <code>${code}</code></p>`} ${resend}
  </div>`
}

interface Parts {
  sections: Section[]
  css: string
  scripts: PageScript[]
  connect: string[]
  /** Whether a section took the page's primary action (then provider buttons are shown as secondary). */
  primaryTaken: boolean
}

function sections(opts: SignInPageOptions): Parts {
  const out: Section[] = []
  let css = ''
  const scripts = new Map<string, PageScript>()
  const connect = new Set<string>()
  let focusTaken = false
  let primaryTaken = false
  opts.providers.forEach((provider, index) => {
    // Each kind renders itself through its flow; a kind without one is not shown.
    const render = opts.sectionFor(provider)
    if (render === undefined) return
    const section = render({
      provider,
      index,
      csrfToken: opts.csrfToken,
      callbackUrl: opts.callbackUrl,
      email: opts.email,
      kept: opts.kept?.providerId === provider.id ? opts.kept.values : undefined,
      theme: opts.theme,
      autofocus: !focusTaken,
      primary: !primaryTaken,
    })
    // Two passkey providers share one script and one stylesheet rule.
    if (section.css !== undefined && !css.includes(section.css)) css += section.css
    if (section.script !== undefined) scripts.set(section.script.src, section.script)
    if (section.connect !== undefined) connect.add(section.connect)
    if (section.takesFocus === true) focusTaken = true
    if (section.takesPrimary === true) primaryTaken = true
    // All provider buttons form one group, where the first of them stands: one way in, "an account elsewhere".
    const group = section.kind === 'buttons' ? out.find((s) => s.kind === 'buttons') : undefined
    if (group !== undefined) group.markup = html`${group.markup} ${section.markup}`
    else out.push({ ...section })
  })
  return { sections: out, css, scripts: [...scripts.values()], connect: [...connect], primaryTaken }
}

const SEPARATOR = html` <div class="separator">or</div> `

// The sections are titled by their headings, which is how assistive technology moves through a form page; they
// are not named landmarks, whose names would also label every field inside them (an app's tests that find "Email"
// by its label would find the section "Email and password" too).
function sectionMarkup(section: Section): SafeHtml {
  if (section.title === undefined) {
    return html`<section class="way way-${section.kind}">${section.markup}</section>`
  }
  const id = section.idPrefix ?? 'way'
  return html`<section class="way way-${section.kind}">
    <h2 id="${id}-title">${section.title}</h2>
    ${section.intro !== undefined && html`<p class="way-intro" id="${id}-intro">${section.intro}</p>`}
    ${section.markup}
  </section>`
}

/**
 * Renders the sign-in page (status 200); every form posts the CSRF token, no field is prefilled except `email` and
 * the address kept after a refused password, and an `error` is shown as our own message, never as the raw
 * parameter.
 *
 * @example
 * ```ts
 * const sectionFor = (provider: SignInPageProvider) => flowForType(provider.type)?.signInSection
 * const page = renderSignInPage({ providers, sectionFor, csrfToken, callbackUrl, error: url.searchParams.get('error') ?? undefined, theme })
 * ```
 */
export function renderSignInPage(opts: SignInPageOptions): RenderedPage {
  const { sections: parts, css, scripts, connect, primaryTaken } = sections(opts)
  const blocks = parts.map((s, i) => html`${i > 0 && SEPARATOR}${sectionMarkup(s)}`)
  // With a primary action elsewhere, provider buttons step back to the secondary style (CSS, so that their
  // colours still apply on a page of provider buttons alone).
  const body = html`<h1>Sign in</h1>
    ${alert(opts)}
    ${
      blocks.length > 0
        ? html`<div class="ways${primaryTaken ? ' has-primary' : ''}">${blocks}</div>`
        : html`<p>No way to sign in is configured.</p>`
    }`
  return renderPage({ title: 'Sign in', theme: opts.theme, body, css, scripts, connect })
}
