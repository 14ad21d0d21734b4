import {
  createActionURL as authjsCreateActionURL,
  isAuthAction as authjsIsAuthAction,
  setEnvDefaults as authjsSetEnvDefaults,
} from '@auth/core'
import { describe, expect, test, vi } from 'vitest'
import Credentials from '../providers/credentials.js'
import GitHub from '../providers/github.js'
import type { AuthConfig } from '../types.js'
import { isAuthAction } from '../routing/is-auth-action.js'
import { createActionURL } from './create-action-url.js'
import { setEnvDefaults } from './set-env-defaults.js'

const quiet = { logger: { warn: () => {}, error: () => {}, debug: () => {} } }

/** Runs both implementations on fresh copies of the same input. */
function both(env: Record<string, string | undefined>, make: () => AuthConfig) {
  const ours = make()
  const theirs = make()
  setEnvDefaults(env, ours)
  authjsSetEnvDefaults(env, theirs as never)
  return { ours, theirs }
}

describe('setEnvDefaults', () => {
  test.each<[Record<string, string>, string]>([
    [{}, 'no environment'],
    [{ AUTH_URL: 'https://app.example/api/auth' }, 'AUTH_URL with a path'],
    [{ AUTH_SECRET: '0', AUTH_SECRET_1: '1' }, 'rotation: highest number first'],
    [{ AUTH_SECRET: 's', NODE_ENV: 'production' }, 'production'],
    [
      { AUTH_REDIRECT_PROXY_URL: 'https://proxy.example/auth', VERCEL: '1', NODE_ENV: 'production' },
      'Vercel',
    ],
  ])('fills basePath, secret, trustHost and redirectProxyUrl as @auth/core does (%j: %s)', (env) => {
    const { ours, theirs } = both(env, () => ({ providers: [], ...quiet }))
    for (const key of ['basePath', 'trustHost', 'redirectProxyUrl'] as const)
      expect(ours[key]).toEqual(theirs[key])
    expect(ours.secret ?? []).toEqual(theirs.secret)
  })

  test('fills OAuth credentials from AUTH_{ID}_* without writing to the provider objects', () => {
    const env = { AUTH_GITHUB_ID: 'id', AUTH_GITHUB_SECRET: 'shh' }
    const provider = GitHub({})
    const frozen = Object.freeze({ ...provider })
    const config: AuthConfig = {
      providers: [frozen, GitHub],
      ...quiet,
    }
    setEnvDefaults(env, config)
    for (const p of config.providers as { clientId?: string; clientSecret?: string }[]) {
      expect(p).toMatchObject({ clientId: 'id', clientSecret: 'shh' })
    }
    expect(frozen).not.toHaveProperty('clientId', 'id')
  })

  test('differs on purpose: AUTH_TRUST_HOST=false means false; AUTH_SECRET_n kept beside NEXTAUTH_SECRET', () => {
    const env = { AUTH_TRUST_HOST: 'false', NODE_ENV: 'production' }
    const { ours, theirs } = both(env, () => ({ providers: [], ...quiet }))
    expect(theirs.trustHost).toBe(true)
    expect(ours.trustHost).toBe(false)
  })

  test('warns env-url-basepath-redundant unless suppressed, and keeps the configured basePath', () => {
    const warn = vi.fn()
    const config: AuthConfig = {
      basePath: '/custom',
      providers: [Credentials({ authorize: () => null })],
      logger: { warn },
    }
    setEnvDefaults({ AUTH_URL: 'https://app.example/api/auth' }, config)
    expect(config.basePath).toBe('/custom')
    expect(warn).toHaveBeenCalledWith('env-url-basepath-redundant')
    warn.mockClear()
    setEnvDefaults({ AUTH_URL: 'https://app.example/api/auth' }, config, true)
    expect(warn).not.toHaveBeenCalled()
  })
})

describe('createActionURL', () => {
  const cases: [
    string,
    Record<string, string>,
    Record<string, string>,
    string | undefined,
    string | undefined,
  ][] = [
    ['session', { host: 'app.example' }, {}, 'https', '/api/auth'],
    ['signin', { host: 'app.example', 'x-forwarded-proto': 'http' }, {}, undefined, '/auth/'],
    ['csrf', { host: 'internal:3000', 'x-forwarded-host': 'app.example' }, {}, 'http:', '/auth'],
    ['session', { host: 'ignored' }, { AUTH_URL: 'https://public.example/api/auth' }, 'http', '/api/auth'],
    ['session', { host: 'ignored' }, { NEXTAUTH_URL: 'https://public.example' }, 'http', '/api/auth'],
    ['providers', { host: 'app.example' }, {}, 'https', undefined],
  ]
  test.each(cases)(
    '%s with %j and env %j is the URL @auth/core builds',
    (action, headers, env, protocol, basePath) => {
      const config = { basePath, ...quiet }
      const ours = createActionURL(action, protocol, new Headers(headers), env, config)
      const theirs = authjsCreateActionURL(
        action as never,
        protocol as never,
        new Headers(headers),
        env,
        config as never,
      )
      expect(ours.href).toBe(theirs.href)
    },
  )
})

describe('isAuthAction', () => {
  test.each([
    'session',
    'csrf',
    'signin',
    'signout',
    'callback',
    'providers',
    'error',
    'verify-request',
    'webauthn-options',
    'nope',
    '',
    'signin/github',
    '__proto__',
  ])('%j as @auth/core answers', (action) => {
    expect(isAuthAction(action)).toBe(authjsIsAuthAction(action))
  })
})
