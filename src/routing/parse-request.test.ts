import { describe, expect, it } from 'vitest'
import { parseAction } from './parse-request.js'

describe('parseAction', () => {
  it('reads one segment and an action with its provider', () => {
    expect(parseAction('/auth/session', '/auth')).toEqual({ action: 'session', providerId: undefined })
    expect(parseAction('/auth/signin/github', '/auth')).toEqual({ action: 'signin', providerId: 'github' })
    expect(parseAction('/api/auth/callback/a%20b', '/api/auth')).toEqual({
      action: 'callback',
      providerId: 'a b',
    })
  })

  it('tolerates repeated and trailing slashes', () => {
    expect(parseAction('/auth/session/', '/auth')).toEqual({ action: 'session', providerId: undefined })
    expect(parseAction('/auth//session', '/auth')).toEqual({ action: 'session', providerId: undefined })
    expect(parseAction('/auth//signin//github/', '/auth')).toEqual({ action: 'signin', providerId: 'github' })
  })

  it('refuses what is not an action under the base path', () => {
    for (const [path, base] of [
      ['/auth', '/auth'],
      ['/auth/', '/auth'],
      ['/authsession', '/auth'],
      ['/other/session', '/auth'],
      ['/auth/nothing', '/auth'],
      ['/auth/__proto__', '/auth'],
      ['/auth/session/extra', '/auth'],
      ['/auth/signin/a/b', '/auth'],
      ['/auth/signin/%E0%A4%A', '/auth'],
    ] as const) {
      expect(parseAction(path, base), path).toBeUndefined()
    }
  })

  it('takes the provider id "undefined" (sent by old clients) as no provider', () => {
    expect(parseAction('/auth/signin/undefined', '/auth')).toEqual({
      action: 'signin',
      providerId: undefined,
    })
  })
})
