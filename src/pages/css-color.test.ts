import { describe, expect, it } from 'vitest'
import { parseCssColor } from './css-color.js'

describe('parseCssColor', () => {
  it.each([
    ['#fff', 'rgb(255, 255, 255)'],
    ['#FFF8', 'rgba(255, 255, 255, 0.533)'],
    ['#0b7a75', 'rgb(11, 122, 117)'],
    ['#0b7a7580', 'rgba(11, 122, 117, 0.502)'],
    ['rgb(1, 2, 3)', 'rgb(1, 2, 3)'],
    ['rgba(1, 2, 3, 0.5)', 'rgba(1, 2, 3, 0.5)'],
    ['rgb(1 2 3 / 50%)', 'rgba(1, 2, 3, 0.5)'],
    ['rgb(100% 0% 0%)', 'rgb(255, 0, 0)'],
    ['rgb(300, -5, 3)', 'rgb(255, 0, 3)'],
    ['hsl(0, 100%, 50%)', 'rgb(255, 0, 0)'],
    ['hsl(120deg 100% 25%)', 'rgb(0, 128, 0)'],
    ['hsla(240, 100%, 50%, .25)', 'rgba(0, 0, 255, 0.25)'],
    ['  Navy ', 'rgb(0, 0, 128)'],
    ['rebeccapurple', 'rgb(102, 51, 153)'],
  ])('accepts %j as %s', (input, css) => {
    expect(parseCssColor(input)?.css).toBe(css)
  })

  it.each([
    'red;}</style><script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    'javascript:alert(1)',
    '#12345',
    '#ggg',
    'rgb(1, 2)',
    'rgb(1 2 3, 4)',
    'rgb(1, 2, 3 / 1)',
    'rgb(1deg 2 3)',
    'hsl(10%, 50%, 50%)',
    'hsl(10 50 50)',
    'rgb(1, 2, 3) red',
    'rgb(calc(1), 2, 3)',
    'var(--x)',
    'url(https://evil.example/x)',
    'expression(alert(1))',
    'currentColor',
    'constructor',
    '__proto__',
    'darkgoldenrod',
    '',
    `#fff${' '.repeat(100)}`,
    undefined,
    null,
    0xffffff,
  ])('refuses %j', (input) => {
    expect(parseCssColor(input)).toBeUndefined()
  })

  it('computes the WCAG relative luminance', () => {
    expect(parseCssColor('#000')?.luminance).toBe(0)
    expect(parseCssColor('#fff')?.luminance).toBe(1)
    expect(parseCssColor('#777')?.luminance).toBeCloseTo(0.1845, 3)
  })
})
