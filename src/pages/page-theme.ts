/**
 * The style sheet of the built-in pages: one inline `<style>` element, no external resources, readable at WCAG AA
 * contrast in both colour schemes, usable on a phone.
 *
 * @module
 */
import type { Theme } from '../types.js'
import { buttonColors } from './button-colors.js'
import { SafeHtml } from './html.js'
import { schemeCss } from './scheme-css.js'

// Each pair is checked against WCAG AA by the tests: 4.5:1 for text, 3:1 for field borders and the focus ring.
const LIGHT = `--bg:#f4f4f5;--card:#ffffff;--text:#18181b;--muted:#52525b;--border:#e4e4e7;--field-border:#71717a;\
--field-bg:#ffffff;--link:#1d4ed8;--focus:#18181b;--alert-bg:#fef2f2;--alert-text:#991b1b;--alert-border:#f87171`
const DARK = `--bg:#09090b;--card:#18181b;--text:#fafafa;--muted:#a1a1aa;--border:#3f3f46;--field-border:#8b8b94;\
--field-bg:#09090b;--link:#93c5fd;--focus:#fafafa;--alert-bg:#450a0a;--alert-text:#fecaca;--alert-border:#dc2626`
const DEFAULT_BRAND = '#2563eb'

// Inputs use a 16px font so that iOS Safari does not zoom into them; touch targets are at least 44px high.
const BASE = `*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--text);\
font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
.page{min-height:100vh;min-height:100dvh;display:flex;flex-direction:column;align-items:center;\
justify-content:center;gap:1.5rem;padding:2rem 1rem}
.logo{display:block;max-width:12rem;max-height:4rem;width:auto;height:auto}
.card{width:100%;max-width:24rem;padding:1.75rem 1.5rem;background:var(--card);border:1px solid var(--border);\
border-top:4px solid var(--brand);border-radius:.75rem;box-shadow:0 1px 3px rgba(0,0,0,.08);overflow-wrap:anywhere}
h1{margin:0 0 1.25rem;font-size:1.5rem;line-height:1.25}
h2{margin:0;font-size:1.0625rem;line-height:1.3}
p{margin:0 0 1rem}
form{margin:0}
.stack,.way{display:flex;flex-direction:column;gap:.75rem}
.way-intro{margin:-.25rem 0 0;color:var(--muted);font-size:.875rem}
.field{display:flex;flex-direction:column;gap:.375rem}
label{font-weight:600}
.label-row{display:flex;justify-content:space-between;align-items:baseline;gap:.75rem}
.label-row a{font-size:.875rem}
input{width:100%;min-height:2.75rem;padding:.5rem .75rem;font:inherit;font-size:1rem;color:var(--text);\
background:var(--field-bg);border:1px solid var(--field-border);border-radius:.5rem}
::placeholder{color:var(--muted);opacity:1}
.button{display:flex;align-items:center;justify-content:center;gap:.625rem;width:100%;min-height:2.75rem;\
padding:.5rem 1rem;font:inherit;font-size:1rem;font-weight:600;text-align:center;text-decoration:none;\
border:1px solid transparent;border-radius:.5rem;cursor:pointer}
.button:hover{filter:brightness(.94)}
.button img{width:1.25rem;height:1.25rem}
.button-primary{background:var(--brand);color:var(--brand-text)}
.button-secondary{background:var(--card);color:var(--text);border-color:var(--field-border)}
.button-provider{background:var(--provider-bg,var(--card));color:var(--provider-text,var(--text));\
border-color:var(--provider-border,var(--field-border))}
.has-primary .button-provider{background:var(--card);color:var(--text);border-color:var(--field-border)}
.actions{display:flex;flex-direction:column;gap:.75rem}
.form-links{margin:0;font-size:.875rem;text-align:center}
a{color:var(--link);text-underline-offset:.15em}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.alert{margin:0 0 1rem;padding:.75rem 1rem;background:var(--alert-bg);color:var(--alert-text);\
border:1px solid var(--alert-border);border-radius:.5rem}
.way .alert{margin:0}
.alert p{margin:0}
.alert p+p{margin-top:.25rem}
.separator{display:flex;align-items:center;gap:.75rem;margin:1.25rem 0;color:var(--muted);font-size:.875rem}
.separator::before,.separator::after{content:"";flex:1;border-top:1px solid var(--border)}
.note{margin:0;color:var(--muted);font-size:.875rem}
form+.note,.note+.note{margin-top:1rem}
.show-dark{display:none}
@media (forced-colors:active){.button{border-color:ButtonText}}
`
const DARK_ONLY = '.show-light{display:none}.show-dark{display:inline}'

/**
 * Returns the `<style>` element for a theme, followed by `extraCss` (which must be built from validated values);
 * an invalid `brandColor` or `buttonText` is ignored and the defaults apply.
 *
 * @example
 * ```ts
 * html`<head>${themeStyles({ colorScheme: 'auto', brandColor: '#0b7a75' })}</head>`
 * ```
 */
export function themeStyles(theme: Theme, extraCss = ''): SafeHtml {
  const brand =
    buttonColors(theme.brandColor, theme.buttonText) ?? buttonColors(DEFAULT_BRAND, theme.buttonText)
  const brandVars = `--brand:${brand?.background ?? DEFAULT_BRAND};--brand-text:${brand?.text ?? '#ffffff'}`
  const roots = schemeCss(
    theme,
    `:root{color-scheme:light;${LIGHT};${brandVars}}`,
    `:root{color-scheme:dark;${DARK};${brandVars}}`,
  )
  // After BASE, so that in the dark scheme it overrides `.show-dark{display:none}`.
  const css = `${roots}\n${BASE}${schemeCss(theme, '', DARK_ONLY)}${extraCss}`
  // Inside <style> the HTML parser does not decode entities, so escaping cannot help: every value above is
  // canonical or constant, and this guard keeps a future mistake from closing the element.
  if (css.includes('<')) throw new TypeError('themeStyles: CSS must not contain "<"')
  return new SafeHtml(`<style>${css}</style>`)
}
