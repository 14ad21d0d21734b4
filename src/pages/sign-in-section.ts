/**
 * One provider's part of the built-in sign-in page: each provider kind renders its own (through its flow), the page
 * puts the parts together.
 *
 * @module
 */
import type { Theme } from '../types.js'
import type { SafeHtml } from './html.js'
import type { SignInPageProvider } from './sign-in-page.js'

/** What a provider kind's renderer gets. */
export interface SignInSectionInput {
  provider: SignInPageProvider
  /** The provider's position on the page, which keeps element ids and button classes unique. */
  index: number
  csrfToken: string
  callbackUrl: string
  /** The e-mail address from the query string, the only value a form may be prefilled with. */
  email: string | undefined
  theme: Theme
  /** Whether this section may take the page's one `autofocus` (no earlier section took it). */
  autofocus: boolean
}

/** One block of the page; consecutive sections of the same non-form kind (provider buttons) share a block. */
export interface SignInSection {
  kind: 'buttons' | 'form' | 'note'
  markup: SafeHtml
  /** CSS the section needs (button colours), added to the page's hashed style. */
  css?: string | undefined
  /** Whether the section used the page's `autofocus`, so later ones must not. */
  takesFocus?: boolean | undefined
  /** A script the section needs (passkeys), served by Gatehouse and allowed by the page's CSP by its hash. */
  script?: PageScript | undefined
  /** A URL prefix the script fetches from (`connect-src`); the page allows nothing else. */
  connect?: string | undefined
}

/** A same-origin script file of the page, loaded with `integrity` and allowed by its SHA-256 alone. */
export interface PageScript {
  src: string
  /** Standard base64 SHA-256 of the file. */
  sha256: string
}

/** Renders one provider of a kind on the sign-in page. */
export type SignInSectionRenderer = (input: SignInSectionInput) => SignInSection
