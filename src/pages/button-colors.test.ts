import { describe, expect, it } from 'vitest'
import { buttonColors } from './button-colors.js'

describe('buttonColors', () => {
  it('keeps a text colour that reaches 4.5:1', () => {
    expect(buttonColors('#24292f', '#fff')).toEqual({
      background: 'rgb(36, 41, 47)',
      text: 'rgb(255, 255, 255)',
    })
  })

  it('replaces a text colour below 4.5:1 with black or white', () => {
    expect(buttonColors('#ffd700', '#ffffff')?.text).toBe('rgb(0, 0, 0)')
    expect(buttonColors('#000080', '#333333')?.text).toBe('rgb(255, 255, 255)')
  })

  it('replaces an invalid or translucent text colour', () => {
    expect(buttonColors('#000080', 'javascript:alert(1)')?.text).toBe('rgb(255, 255, 255)')
    expect(buttonColors('#000080', 'rgba(255, 255, 255, .2)')?.text).toBe('rgb(255, 255, 255)')
    expect(buttonColors('#000080', undefined)?.text).toBe('rgb(255, 255, 255)')
  })

  it('gives undefined for an invalid background', () => {
    expect(buttonColors('"><img src=x onerror=alert(1)>', '#fff')).toBeUndefined()
  })
})
