/**
 * A tiny HTML templating: a tagged template that escapes everything it interpolates unless the value is markup the
 * tag produced itself, so that untrusted text (provider names, query parameters) can never become markup.
 *
 * @module
 */

/** Markup that is safe to insert as is: produced by {@link html}, or trusted markup built in this folder. */
export class SafeHtml {
  readonly #markup: string

  /** Wraps markup that is already safe; call it only with text this code wrote, never with input. */
  constructor(trustedMarkup: string) {
    this.#markup = trustedMarkup
  }

  /** Returns the markup. */
  toString(): string {
    return this.#markup
  }
}

/** What {@link html} accepts in an interpolation; `null`, `undefined` and `false` render nothing. */
export type HtmlValue = SafeHtml | string | number | null | undefined | false | readonly HtmlValue[]

const ESCAPES: Readonly<Record<string, string>> = Object.freeze({
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
})

/** Escapes the characters that are special in HTML text and quoted attribute values (and the backtick, for old IE). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (c) => ESCAPES[c] ?? c)
}

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return ''
  if (value instanceof SafeHtml) return value.toString()
  if (Array.isArray(value)) return (value as readonly HtmlValue[]).map(render).join('')
  return escapeHtml(String(value))
}

// An interpolation right after `name=` would be an unquoted attribute, where a space in the value starts a new
// attribute (`x onfocus=...`) despite the escaping; refuse the template instead of rendering it.
const UNQUOTED_ATTRIBUTE = /[\w-]\s*=\s*$/

/**
 * Builds markup from a template, escaping every interpolated value that is not already {@link SafeHtml}.
 *
 * @example
 * ```ts
 * html`<p class="greeting">Hello, ${name}</p>` // name = '<b>' renders as &lt;b&gt;
 * ```
 */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): SafeHtml {
  let markup = strings[0] ?? ''
  for (let i = 0; i < values.length; i++) {
    const before = strings[i] ?? ''
    if (UNQUOTED_ATTRIBUTE.test(before)) {
      throw new TypeError(`html: quote the attribute value after "${before.slice(-20)}"`)
    }
    markup += render(values[i]) + (strings[i + 1] ?? '')
  }
  return new SafeHtml(markup)
}

// Any absolute URL is resolved against this base; relative ones keep its scheme, so they count as https.
const PARSE_BASE = 'https://gatehouse.invalid/'

/**
 * Returns `url` when it is http(s) or relative, else `fallback`, so that `javascript:`, `data:` and other schemes
 * never reach an `href` or `action`.
 */
export function safeUrl(url: unknown, fallback = '#'): string {
  if (typeof url !== 'string') return fallback
  let parsed: URL
  try {
    // The same WHATWG parser the browser uses, so tabs, newlines and leading controls ("java\tscript:") are
    // handled exactly as the browser will handle them.
    parsed = new URL(url, PARSE_BASE)
  } catch {
    return fallback
  }
  return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? url : fallback
}
