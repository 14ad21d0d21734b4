/**
 * The colours of an OAuth provider's button, from the provider's `style`.
 *
 * @module
 */
import type { ProviderStyle } from '../providers/provider-types.js'
import type { Theme } from '../types.js'
import { buttonColors, type ButtonColors } from './button-colors.js'
import { schemeCss } from './scheme-css.js'

const rule = (selector: string, c: ButtonColors): string =>
  `${selector}{--provider-bg:${c.background};--provider-text:${c.text};--provider-border:${c.background}}`

/**
 * Returns the CSS rule that colours the button with class `provider-{index}`, or `''` when the style has no valid
 * background; the dark colours apply in the dark scheme and fall back to the light ones.
 */
export function providerButtonCss(theme: Theme, index: number, style: ProviderStyle | undefined): string {
  if (typeof style !== 'object' || style === null) return ''
  const light = buttonColors(style.bg, style.text)
  const dark = buttonColors(style.bgDark, style.textDark ?? style.text) ?? light
  // The index, not the provider id: the id is configuration text, and this is CSS, where escaping does not apply.
  const selector = `.provider-${Math.trunc(index)}`
  return schemeCss(theme, light ? rule(selector, light) : '', dark ? rule(selector, dark) : '')
}
