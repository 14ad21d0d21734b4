/**
 * Parses the colours a configuration may give (theme `brandColor`, `buttonText`, provider button styles). The value
 * ends up inside a `<style>` element, where HTML escaping does not apply, so nothing is passed through: a colour is
 * parsed into numbers and written back out in one canonical form.
 *
 * @module
 */

/** A validated colour: its canonical CSS text, its opacity, and its WCAG relative luminance (opacity ignored). */
export interface CssColor {
  css: string
  alpha: number
  luminance: number
}

// A small allow-list is enough for configuration; anything else can be written as hex.
const NAMED: Readonly<Record<string, string>> = Object.freeze({
  black: '000000',
  white: 'ffffff',
  gray: '808080',
  grey: '808080',
  silver: 'c0c0c0',
  red: 'ff0000',
  maroon: '800000',
  crimson: 'dc143c',
  tomato: 'ff6347',
  orange: 'ffa500',
  gold: 'ffd700',
  yellow: 'ffff00',
  green: '008000',
  lime: '00ff00',
  teal: '008080',
  navy: '000080',
  blue: '0000ff',
  royalblue: '4169e1',
  purple: '800080',
  indigo: '4b0082',
  rebeccapurple: '663399',
})

interface Component {
  value: number
  unit: '' | '%' | 'deg'
}

function component(text: string): Component | undefined {
  const match = /^(-?(?:\d+(?:\.\d+)?|\.\d+))(%|deg)?$/.exec(text)
  if (match?.[1] === undefined) return undefined
  return { value: Number(match[1]), unit: (match[2] ?? '') as Component['unit'] }
}

const clamp = (n: number, min: number, max: number): number => Math.min(max, Math.max(min, n))

function channel(c: Component): number | undefined {
  if (c.unit === '%') return clamp((c.value / 100) * 255, 0, 255)
  return c.unit === '' ? clamp(c.value, 0, 255) : undefined
}

function alpha(text: string | undefined): number | undefined {
  if (text === undefined) return 1
  const c = component(text)
  if (c?.unit === '%') return clamp(c.value / 100, 0, 1)
  return c?.unit === '' ? clamp(c.value, 0, 1) : undefined
}

function fromHex(hex: string): [number, number, number, number] | undefined {
  if (!/^(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(hex)) return undefined
  const full = hex.length <= 4 ? [...hex].map((d) => d + d).join('') : hex
  const byte = (i: number): number => parseInt(full.slice(i * 2, i * 2 + 2), 16)
  return [byte(0), byte(1), byte(2), full.length === 8 ? byte(3) / 255 : 1]
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const hue = ((h % 360) + 360) % 360
  const sat = clamp(s, 0, 100) / 100
  const light = clamp(l, 0, 100) / 100
  const f = (n: number): number => {
    const k = (n + hue / 30) % 12
    return 255 * (light - sat * Math.min(light, 1 - light) * Math.max(-1, Math.min(k - 3, 9 - k, 1)))
  }
  return [f(0), f(8), f(4)]
}

function fromFunction(name: string, args: string): [number, number, number, number] | undefined {
  // Legacy `rgb(1, 2, 3)` / `rgba(1, 2, 3, .5)` and modern `rgb(1 2 3 / 50%)`; no mixing, as in CSS.
  const [main = '', slashAlpha, extra] = args.split('/').map((s) => s.trim())
  if (extra !== undefined) return undefined
  const parts = main.includes(',') ? main.split(',').map((s) => s.trim()) : main.split(/\s+/)
  if (main.includes(',') && slashAlpha !== undefined) return undefined
  const alphaText = slashAlpha ?? (parts.length === 4 ? parts.pop() : undefined)
  if (parts.length !== 3) return undefined
  const [c1, c2, c3] = parts.map(component)
  const a = alpha(alphaText)
  if (c1 === undefined || c2 === undefined || c3 === undefined || a === undefined) return undefined
  if (name.startsWith('rgb')) {
    const [r, g, b] = [channel(c1), channel(c2), channel(c3)]
    return r === undefined || g === undefined || b === undefined ? undefined : [r, g, b, a]
  }
  if (c1.unit === '%' || c2.unit !== '%' || c3.unit !== '%') return undefined
  return [...hslToRgb(c1.value, c2.value, c3.value), a]
}

function linear(c8: number): number {
  const c = c8 / 255
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
}

/**
 * Parses a hex colour (`#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`), a simple `rgb()`/`rgba()`/`hsl()`/`hsla()` or an
 * allow-listed colour name; anything else, including every non-string, gives `undefined`.
 *
 * @see https://www.w3.org/TR/WCAG21/#dfn-relative-luminance
 */
export function parseCssColor(value: unknown): CssColor | undefined {
  if (typeof value !== 'string' || value.length > 64) return undefined
  const text = value.trim().toLowerCase()
  let rgba: [number, number, number, number] | undefined
  const named = Object.hasOwn(NAMED, text) ? NAMED[text] : undefined
  if (named !== undefined) rgba = fromHex(named)
  else if (text.startsWith('#')) rgba = fromHex(text.slice(1))
  else {
    const fn = /^(rgba?|hsla?)\(([^()]*)\)$/.exec(text)
    if (fn?.[1] !== undefined && fn[2] !== undefined) rgba = fromFunction(fn[1], fn[2].trim())
  }
  if (rgba === undefined) return undefined
  const [r, g, b, a] = rgba.map((n, i) => (i === 3 ? Math.round(n * 1000) / 1000 : Math.round(n))) as [
    number,
    number,
    number,
    number,
  ]
  return {
    css: a === 1 ? `rgb(${r}, ${g}, ${b})` : `rgba(${r}, ${g}, ${b}, ${a})`,
    alpha: a,
    luminance: 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b),
  }
}
