/**
 * The form of a credentials provider on the sign-in page: one labelled input per configured credential and a plain
 * "Sign in" button (the section's heading names the provider).
 *
 * @module
 */
import type { CredentialInput } from '../providers/provider-types.js'
import { hiddenFields } from './hidden-fields.js'
import { html, safeUrl, type SafeHtml } from './html.js'
import { mainButtonClass } from './sign-in-section.js'

/** Links a password form may offer beside its fields (issue #23's password accounts fill them). */
export interface CredentialsFormLinks {
  /** Shown beside the password field's label as "Forgot password?". */
  forgotPassword?: string | undefined
  /** Shown under the button as "Create account". */
  createAccount?: string | undefined
  /**
   * The page that sends the verification link again (`GET`; its form posts to `{this}/resend`), offered by the
   * sign-in page under its "not verified yet" message.
   */
  resendVerification?: string | undefined
}

/** What {@link credentialsForm} needs. */
export interface CredentialsFormOptions {
  provider: { name: string; callbackUrl: string; credentials?: Record<string, CredentialInput> | undefined }
  /** The provider's position on the page, which keeps element ids unique across providers. */
  index: number
  csrfToken: string
  callbackUrl: string
  /**
   * Whether a field gets `autofocus` (only one field of the whole page should): the first one, or after a refused
   * attempt the first one left empty (the password, when the address was kept).
   */
  autofocus: boolean
  /** Whether the button is the page's primary action. */
  primary: boolean
  /** Values typed before a refused attempt, by credential name; only {@link keepsValue} fields are filled. */
  kept?: Readonly<Record<string, string>> | undefined
  links?: CredentialsFormLinks | undefined
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

function inputType(spec: CredentialInput): string {
  return typeof spec.type === 'string' && INPUT_TYPES.has(spec.type) ? spec.type : 'text'
}

/**
 * Whether a credential's value may be kept and shown again after a refused attempt: an address or a user name
 * (type `email`, autocomplete `username` or `email`, or the key `email` / `username`), never a password, a code or
 * anything else that may be secret.
 */
export function keepsValue(key: string, raw: unknown): boolean {
  const spec: CredentialInput = typeof raw === 'object' && raw !== null ? (raw as CredentialInput) : {}
  const type = inputType(spec)
  if (type === 'password') return false
  const tokens = (text(spec.autocomplete) ?? '').toLowerCase().split(/\s+/)
  return (
    type === 'email' ||
    tokens.includes('username') ||
    tokens.includes('email') ||
    /^(email|username)$/i.test(key)
  )
}

interface InputOptions {
  key: string
  spec: CredentialInput
  id: string
  autofocus: boolean
  value: string | undefined
  forgotPassword: string | undefined
}

function input({ key, spec, id, autofocus, value, forgotPassword }: InputOptions): SafeHtml {
  const type = inputType(spec)
  // Password managers fill a field marked current-password; ASVS 6.2.7 asks us to let them.
  const autocomplete = text(spec.autocomplete) ?? (type === 'password' ? 'current-password' : undefined)
  const inputMode =
    typeof spec.inputmode === 'string' && INPUT_MODES.has(spec.inputmode) ? spec.inputmode : undefined
  const label = html`<label for="${id}">${text(spec.label) ?? key}</label>`
  const forgot = type === 'password' && forgotPassword !== undefined ? safeUrl(forgotPassword, '') : ''
  return html`<div class="field">
    ${forgot === '' ? label : html`<div class="label-row">${label}<a href="${forgot}">Forgot password?</a></div>`}
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
        attribute('value', value),
      ]}${spec.required === true && html` required`}${autofocus && html` autofocus`}
    />
  </div>`
}

/**
 * The heading of a credentials provider's section: its name, or for the default name "Credentials" (jargon to the
 * person signing in) a plain title from its fields: "Email and password", "Password", or "Your details".
 */
export function credentialsTitle(
  name: string,
  credentials: Record<string, CredentialInput> | undefined,
): string {
  const trimmed = name.trim()
  if (trimmed !== '' && trimmed.toLowerCase() !== 'credentials') return trimmed
  const specs = Object.values(credentials ?? {}).map((raw) =>
    typeof raw === 'object' && raw !== null ? inputType(raw) : 'text',
  )
  if (!specs.includes('password')) return 'Your details'
  return specs.includes('email') ? 'Email and password' : 'Password'
}

/** Renders a credentials provider's form, which posts to the provider's callback URL. */
export function credentialsForm(opts: CredentialsFormOptions): SafeHtml {
  const entries = Object.entries(opts.provider.credentials ?? {}).filter(([key]) => !RESERVED.has(key))
  const values = entries.map(([key, raw]) =>
    keepsValue(key, raw) && opts.kept !== undefined && Object.hasOwn(opts.kept, key)
      ? opts.kept[key]
      : undefined,
  )
  // After a refused attempt the kept address is filled in: focus goes to the first field left to type.
  const focused =
    opts.kept === undefined
      ? 0
      : Math.max(
          0,
          values.findIndex((v) => v === undefined || v === ''),
        )
  const fields = entries.map(([key, raw], k) => {
    // Configuration written in JavaScript is not type-checked; a non-object entry becomes a plain text input.
    const spec: CredentialInput = typeof raw === 'object' && raw !== null ? raw : {}
    // Ids may not contain spaces and must be unique on the page; the index keeps two similar keys apart.
    const id = `credential-${opts.index}-${k}-${key.replace(/[^\w-]/g, '_').slice(0, 40)}`
    return input({
      key,
      spec,
      id,
      autofocus: opts.autofocus && k === focused,
      value: values[k],
      forgotPassword: opts.links?.forgotPassword,
    })
  })
  const createAccount = safeUrl(opts.links?.createAccount, '')
  return html`<form class="stack" method="post" action="${safeUrl(opts.provider.callbackUrl)}">
    ${hiddenFields(opts.csrfToken, opts.callbackUrl)} ${fields}
    <button class="${mainButtonClass(opts.primary)}" type="submit">Sign in</button>
    ${createAccount !== '' && html`<p class="form-links"><a href="${createAccount}">Create account</a></p>`}
  </form>`
}
