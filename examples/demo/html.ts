/**
 * Escaped HTML templates for the demo pages: every interpolated value is text unless it is markup built here.
 *
 * @module
 */

/** Markup built by {@link html}; only this type is inserted without escaping. */
export class Html {
  readonly #markup: string

  /** Wraps markup written in this code; never call it with input. */
  constructor(trustedMarkup: string) {
    this.#markup = trustedMarkup
  }

  /** The markup. */
  toString(): string {
    return this.#markup
  }
}

/** What a template accepts; `null`, `undefined` and `false` render nothing, so `cond && html`…`` works. */
export type HtmlValue = Html | string | number | null | undefined | false | readonly HtmlValue[]

const entities: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return ''
  if (value instanceof Html) return value.toString()
  if (Array.isArray(value)) return (value as readonly HtmlValue[]).map(render).join('')
  return String(value).replace(/[&<>"']/g, (c) => entities[c] ?? c)
}

/**
 * Builds markup, escaping each interpolated value that is not {@link Html}. Values go only into text or quoted
 * attributes: in an unquoted attribute a space would start a new attribute despite the escaping.
 *
 * @example
 * ```ts
 * html`<p>Signed in as ${user.email}</p>`
 * ```
 */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): Html {
  let markup = strings[0] ?? ''
  values.forEach((value, i) => {
    markup += render(value) + (strings[i + 1] ?? '')
  })
  return new Html(markup)
}
