/**
 * Places light and dark CSS according to the theme's colour scheme.
 *
 * @module
 */
import type { Theme } from '../types.js'

/**
 * Returns `light` or `dark` for a fixed scheme, or both with `dark` under `prefers-color-scheme: dark` for `auto`
 * (also the answer for a missing or unknown `colorScheme`, since the configuration is not type-checked at run time).
 */
export function schemeCss(theme: Theme, light: string, dark: string): string {
  if (theme.colorScheme === 'light') return light
  if (theme.colorScheme === 'dark') return dark
  return dark === '' ? light : `${light}@media (prefers-color-scheme: dark){${dark}}`
}
