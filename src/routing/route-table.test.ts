import { describe, expect, it } from 'vitest'
import type { AuthAction as PublicAuthAction } from '../types.js'
import {
  authActions,
  isAuthAction,
  routes,
  type AuthAction,
  type Route,
  type RouteKey,
} from './route-table.js'

describe('the route table', () => {
  it('is keyed by method and action, so a misspelt key does not compile (checked by typecheck)', () => {
    const route = routes['GET session']!
    // @ts-expect-error "sesion" is not an action
    const misspelt: Partial<Record<RouteKey, Route>> = { 'GET sesion': route }
    // @ts-expect-error PUT is not a method of the endpoints
    const badMethod: Partial<Record<RouteKey, Route>> = { 'PUT session': route }
    expect([misspelt, badMethod]).toHaveLength(2)
    const publicAction: PublicAuthAction = 'webauthn-options' satisfies AuthAction
    expect(isAuthAction(publicAction)).toBe(true)
  })

  it('routes only declared actions, and every action has a route', () => {
    const actions = new Set(Object.keys(authActions))
    for (const key of Object.keys(routes)) expect(actions.has(key.split(' ')[1]!)).toBe(true)
    for (const action of actions) {
      expect(Object.keys(routes).some((key) => key.endsWith(` ${action}`))).toBe(true)
    }
  })

  it('recognises actions as own keys only', () => {
    expect(isAuthAction('signin')).toBe(true)
    for (const value of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'SIGNIN', '']) {
      expect(isAuthAction(value)).toBe(false)
    }
  })
})
