import { describe, expect, it } from 'vitest'
import { defaultRouter } from './default-router.js'

const match = (path: string, base: string) => {
  const found = defaultRouter.match(path, base)
  return found && { action: found.action, providerId: found.providerId }
}

describe('the router finds the action and provider of a path', () => {
  it('reads one segment and an action with its provider', () => {
    expect(match('/auth/session', '/auth')).toEqual({ action: 'session', providerId: undefined })
    expect(match('/auth/signin/github', '/auth')).toEqual({ action: 'signin', providerId: 'github' })
    expect(match('/api/auth/callback/a%20b', '/api/auth')).toEqual({
      action: 'callback',
      providerId: 'a b',
    })
  })

  it('tolerates repeated and trailing slashes', () => {
    expect(match('/auth/session/', '/auth')).toEqual({ action: 'session', providerId: undefined })
    expect(match('/auth//session', '/auth')).toEqual({ action: 'session', providerId: undefined })
    expect(match('/auth//signin//github/', '/auth')).toEqual({ action: 'signin', providerId: 'github' })
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
      ['/auth/webauthn-script/%E0%A4%A', '/auth'],
      ['/auth/webauthn-script/a/b', '/auth'],
    ] as const) {
      expect(defaultRouter.match(path, base), path).toBeUndefined()
    }
  })

  it('takes the provider id "undefined" (sent by old clients) as no provider', () => {
    expect(match('/auth/signin/undefined', '/auth')).toEqual({
      action: 'signin',
      providerId: undefined,
    })
  })
})
