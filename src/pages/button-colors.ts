/**
 * Picks button colours that stay readable whatever the configuration says.
 *
 * @module
 */
import { parseCssColor, type CssColor } from './css-color.js'

/** A button's background and text colours, both canonical CSS. */
export interface ButtonColors {
  background: string
  text: string
}

const BLACK = { css: 'rgb(0, 0, 0)', alpha: 1, luminance: 0 } satisfies CssColor
const WHITE = { css: 'rgb(255, 255, 255)', alpha: 1, luminance: 1 } satisfies CssColor

function contrast(a: CssColor, b: CssColor): number {
  const [hi, lo] = a.luminance > b.luminance ? [a, b] : [b, a]
  return (hi.luminance + 0.05) / (lo.luminance + 0.05)
}

/**
 * Validates a background and a text colour, keeping the text colour only if it is opaque and reaches the WCAG AA
 * contrast of 4.5:1 on the background (else black or white, whichever contrasts more), or gives `undefined` when
 * the background is not a valid colour.
 *
 * @see https://www.w3.org/TR/WCAG21/#contrast-minimum
 */
export function buttonColors(background: unknown, text: unknown): ButtonColors | undefined {
  const bg = parseCssColor(background)
  if (bg === undefined) return undefined
  const fg = parseCssColor(text)
  if (fg !== undefined && fg.alpha === 1 && contrast(bg, fg) >= 4.5)
    return { background: bg.css, text: fg.css }
  return { background: bg.css, text: (contrast(bg, BLACK) >= contrast(bg, WHITE) ? BLACK : WHITE).css }
}
