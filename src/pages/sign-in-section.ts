/**
 * One provider's part of the built-in sign-in page: each provider kind renders its own (through its flow), the page
 * puts the parts together, each way in as its own titled section.
 *
 * @module
 */
import type { Theme } from '../types.js'
import type { SafeHtml } from './html.js'
import type { SignInPageProvider } from './sign-in-page-provider.js'

/** What a provider kind's renderer gets. */
export interface SignInSectionInput {
  provider: SignInPageProvider
  /** The provider's position on the page, which keeps element ids and button classes unique. */
  index: number
  csrfToken: string
  callbackUrl: string
  /** The e-mail address from the query string, the only value a form may be prefilled with from the URL. */
  email: string | undefined
  /**
   * What the person typed into this provider's form before a refused attempt (an address or user name, never a
   * password), shown again so that only the secret needs retyping.
   */
  kept?: Readonly<Record<string, string>> | undefined
  theme: Theme
  /** Whether this section may take the page's one `autofocus` (no earlier section took it). */
  autofocus: boolean
  /** Whether this section's main button may be the page's one primary action (no earlier section took it). */
  primary: boolean
}

/** One block of the page; sections of kind `buttons` (provider buttons) share one block, the others get their own. */
export interface SignInSection {
  kind: 'buttons' | 'form' | 'note'
  /** The section's heading (plain text, escaped by the page); `buttons` sections share an untitled group. */
  title?: string | undefined
  /** One sentence under the heading saying what this way in does; its element id is `{idPrefix}-intro`. */
  intro?: string | undefined
  /** The id prefix of the section's heading and intro (`{idPrefix}-title`, `{idPrefix}-intro`), unique on the page. */
  idPrefix?: string | undefined
  markup: SafeHtml
  /** CSS the section needs (button colours), added to the page's hashed style. */
  css?: string | undefined
  /** Whether the section used the page's `autofocus`, so later ones must not. */
  takesFocus?: boolean | undefined
  /** Whether the section's main button is the page's primary action, so later ones must be secondary. */
  takesPrimary?: boolean | undefined
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

/** The class of a section's main button: the page's one primary action, or a secondary one. */
export function mainButtonClass(primary: boolean): string {
  return primary ? 'button button-primary' : 'button button-secondary'
}
