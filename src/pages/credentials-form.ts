/**
 * The form of a credentials provider on the sign-in page: one labelled input per configured credential.
 *
 * @module
 */
import type { CredentialInput } from '../providers/provider-types.js'
import { hiddenFields } from './hidden-fields.js'
import { html, safeUrl, type SafeHtml } from './html.js'

/** What {@link credentialsForm} needs. */
export interface CredentialsFormOptions {
  provider: { name: string; callbackUrl: string; credentials?: Record<string, CredentialInput> | undefined }
  /** The provider's position on the page, which keeps element ids unique across providers. */
  index: number
  csrfToken: string
  callbackUrl: string
  /** Whether the first input gets `autofocus` (only the first field of the whole page should). */
  autofocus: boolean
}

// Only types that render a plain text box: `hidden`, `file`, `image` or `submit` would change what the form is.
const INPUT_TYPES: ReadonlySet<string> = new Set(['text', 'password', 'email', 'tel', 'number', 'url'])
const INPUT_MODES: ReadonlySet<string> = new Set([
  'none',
  'text',
  'decimal',
  'numeric',
  'tel',
  'search',
  'email',
  'url',
])
// The form already posts these; a credential with the same name would shadow the CSRF token or the callback.
const RESERVED: ReadonlySet<string> = new Set(['csrfToken', 'callbackUrl'])

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined)

function length(v: unknown): string | undefined {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return String(v)
  return typeof v === 'string' && /^\d{1,9}$/.test(v) ? v : undefined
}

function attribute(name: string, value: string | undefined): SafeHtml | undefined {
  return value === undefined ? undefined : html` ${name}="${value}"`
}

function input(key: string, spec: CredentialInput, id: string, autofocus: boolean): SafeHtml {
  const type = typeof spec.type === 'string' && INPUT_TYPES.has(spec.type) ? spec.type : 'text'
  // Password managers fill a field marked current-password; ASVS 6.2.7 asks us to let them.
  const autocomplete = text(spec.autocomplete) ?? (type === 'password' ? 'current-password' : undefined)
  const inputMode =
    typeof spec.inputmode === 'string' && INPUT_MODES.has(spec.inputmode) ? spec.inputmode : undefined
  return html`<div class="field">
    <label for="${id}">${text(spec.label) ?? key}</label>
    <input
      id="${id}"
      name="${key}"
      type="${type}"
      ${[
        attribute('placeholder', text(spec.placeholder)),
        attribute('autocomplete', autocomplete),
        attribute('inputmode', inputMode),
        attribute('minlength', length(spec.minlength)),
        attribute('maxlength', length(spec.maxlength)),
        attribute('pattern', text(spec.pattern)),
      ]}${spec.required === true && html` required`}${autofocus && html` autofocus`}
    />
  </div>`
}

/** Renders a credentials provider's form, which posts to the provider's callback URL. */
export function credentialsForm(opts: CredentialsFormOptions): SafeHtml {
  const entries = Object.entries(opts.provider.credentials ?? {}).filter(([key]) => !RESERVED.has(key))
  const fields = entries.map(([key, raw], k) => {
    // Configuration written in JavaScript is not type-checked; a non-object entry becomes a plain text input.
    const spec: CredentialInput = typeof raw === 'object' && raw !== null ? raw : {}
    // Ids may not contain spaces and must be unique on the page; the index keeps two similar keys apart.
    const id = `credential-${opts.index}-${k}-${key.replace(/[^\w-]/g, '_').slice(0, 40)}`
    return input(key, spec, id, opts.autofocus && k === 0)
  })
  return html`<form class="stack" method="post" action="${safeUrl(opts.provider.callbackUrl)}">
    ${hiddenFields(opts.csrfToken, opts.callbackUrl)} ${fields}
    <button class="button button-brand" type="submit">Sign in with ${opts.provider.name}</button>
  </form>`
}
