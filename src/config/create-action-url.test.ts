import { createActionURL as authjsCreateActionURL } from '@auth/core'
import { describe, expect, it, vi } from 'vitest'
import { createActionURL } from './create-action-url.js'

/** `createActionURL` with the base path both in `AUTH_URL` and in `basePath`, against @auth/core 0.41.3. */
describe('createActionURL with a path in AUTH_URL and a basePath', () => {
  it.each([
    ['http://localhost:3000/my-app/api/auth', '/my-app/api/auth', false],
    ['http://localhost:3000/my-app/api/auth/', '/my-app/api/auth', true],
    ['https://sub.example/my-app', '/api/auth', true],
    ['https://sub.example/api/auth', '/api/auth/', true],
    ['https://sub.example', '/api/auth', false],
  ])('AUTH_URL %s, basePath %s: the URL and the warning of @auth/core', (authUrl, basePath, warns) => {
    const ours = { basePath, logger: { warn: vi.fn() } }
    const theirs = { basePath, logger: { warn: vi.fn() } }
    const env = { AUTH_URL: authUrl }
    const url = createActionURL('signout', undefined, new Headers(), env, ours)
    expect(url.href).toBe(
      authjsCreateActionURL('signout', undefined as never, new Headers(), env, theirs).href,
    )
    expect(ours.logger.warn.mock.calls).toEqual(theirs.logger.warn.mock.calls)
    expect(ours.logger.warn.mock.calls).toEqual(warns ? [['env-url-basepath-mismatch']] : [])
  })
})
