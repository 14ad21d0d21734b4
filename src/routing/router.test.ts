import { describe, expect, it } from 'vitest'
import { configErrorResult } from '../answer/index.js'
import { resolveConfig, type ResolvedConfig } from '../config/resolve-config.js'
import { createCsrfToken } from '../csrf/csrf-token.js'
import type { LoggerInstance } from '../types.js'
import { defaultRouter, isPagePath } from './default-router.js'
import type { FeatureRoute } from './feature-route.js'
import { featureRoutes } from './feature-routes.js'
import { handleRequest } from './handle-request.js'
import { isAuthAction } from './is-auth-action.js'
import { Router } from './router.js'

const SECRET = 'a-router-test-secret-of-at-least-32-characters'
const ORIGIN = 'http://app.test'

/** Which handler ran, with what it saw. */
const ran: string[] = []
const answer =
  (name: string): FeatureRoute['handler'] =>
  (ctx) => {
    ran.push(`${name} ${ctx.req.param ?? '-'}`)
    return Promise.resolve({ status: 200, body: { route: name, param: ctx.req.param ?? null } })
  }
const extra: FeatureRoute[] = [
  { path: 'example', method: 'GET', csrf: 'never', page: true, handler: answer('page') },
  { path: 'example/act', method: 'POST', csrf: 'always', page: false, handler: answer('act') },
  { path: 'example/item/:id', method: 'GET', csrf: 'never', page: false, handler: answer('item') },
  { path: 'callback/second-step', method: 'POST', csrf: 'always', page: false, handler: answer('second') },
]
const router = new Router([...featureRoutes, ...extra])

function setup(): { config: ResolvedConfig; errors: Error[] } {
  const errors: Error[] = []
  const logger: LoggerInstance = { error: (e) => void errors.push(e), warn: () => {}, debug: () => {} }
  const resolved = resolveConfig(
    {
      secret: SECRET,
      trustHost: true,
      logger,
      providers: [
        { id: 'pw', name: 'Password', type: 'credentials', credentials: {}, authorize: () => ({ id: 'u1' }) },
      ],
    },
    {},
  )
  return { config: Object.freeze({ ...resolved, router }), errors }
}

function request(method: 'GET' | 'POST' | 'PUT', path: string, fields?: Record<string, string>, cookie = '') {
  return new Request(`${ORIGIN}/auth${path}`, {
    method,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    ...(fields ? { body: new URLSearchParams(fields).toString() } : {}),
  })
}

/** A CSRF cookie and its token, as GET /csrf would have given them. */
function csrf(): { cookie: string; token: string } {
  const minted = createCsrfToken([SECRET])
  return { cookie: `authjs.csrf-token=${encodeURIComponent(minted.cookieValue)}`, token: minted.token }
}

describe('feature routes beside Auth.js actions', () => {
  it('answers a registered GET and passes the parameter', async () => {
    const { config } = setup()
    ran.length = 0
    expect((await handleRequest(request('GET', '/example'), config)).body).toEqual({
      route: 'page',
      param: null,
    })
    expect((await handleRequest(request('GET', '/example/item/a%20b'), config)).body).toEqual({
      route: 'item',
      param: 'a b',
    })
    expect(ran).toEqual(['page -', 'item a b'])
  })

  it('answers an unknown path with 400, as before', async () => {
    const { config, errors } = setup()
    ran.length = 0
    for (const path of ['/nothing', '/example/other', '/example/act/extra', '/example/item', '/examples']) {
      const result = await handleRequest(request('GET', path), config)
      expect(result, path).toMatchObject({ status: 400, body: 'Bad request.' })
    }
    expect(ran).toEqual([])
    expect(errors.map((e) => e.name)).toEqual(Array(5).fill('UnknownAction'))
  })

  it('enforces the declared methods', async () => {
    const { config, errors } = setup()
    ran.length = 0
    const { cookie, token } = csrf()
    expect(
      await handleRequest(request('POST', '/example', { csrfToken: token }, cookie), config),
    ).toMatchObject({ status: 400 })
    expect(await handleRequest(request('GET', '/example/act'), config)).toMatchObject({ status: 400 })
    expect(await handleRequest(request('PUT', '/example'), config)).toMatchObject({ status: 400 })
    expect(ran).toEqual([])
    expect(errors.map((e) => e.message)).toEqual([
      'POST is not allowed on /example.',
      'GET is not allowed on /example/act.',
      'Cannot handle the method PUT.',
    ])
  })

  it('refuses a registered POST without a matching CSRF token, and runs it with one', async () => {
    const { config } = setup()
    ran.length = 0
    const { cookie, token } = csrf()
    for (const [fields, cookies] of [
      [{}, ''],
      [{ csrfToken: token }, ''],
      [{}, cookie],
      [{ csrfToken: `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}` }, cookie],
    ] as const) {
      const refused = await handleRequest(request('POST', '/example/act', fields, cookies), config)
      expect(refused).toMatchObject({ redirect: `${ORIGIN}/auth/signin?error=MissingCSRF` })
    }
    expect(ran).toEqual([])
    const done = await handleRequest(request('POST', '/example/act', { csrfToken: token }, cookie), config)
    expect(done).toMatchObject({ status: 200, body: { route: 'act' } })
  })

  it('sends a callback under a reserved id to its feature, and every other id to its provider', async () => {
    const { config } = setup()
    ran.length = 0
    const { cookie, token } = csrf()
    const second = await handleRequest(
      request('POST', '/callback/second-step', { csrfToken: token }, cookie),
      config,
    )
    expect(second).toMatchObject({ status: 200, body: { route: 'second' } })
    const refused = await handleRequest(request('POST', '/callback/second-step', {}, cookie), config)
    expect(refused).toMatchObject({ redirect: `${ORIGIN}/auth/signin?error=MissingCSRF` })
    // The provider's own callback is untouched (credentials: a session).
    const signedIn = await handleRequest(
      request('POST', '/callback/pw', { csrfToken: token }, cookie),
      config,
    )
    expect(signedIn.cookies?.some((c) => c.name === 'authjs.session-token')).toBe(true)
    // Only the id as written reaches the feature; encoded, it is a provider id no provider may have.
    const encoded = await handleRequest(
      request('POST', '/callback/second%2Dstep', { csrfToken: token }, cookie),
      config,
    )
    expect(encoded).toMatchObject({ redirect: `${ORIGIN}/auth/error?error=Configuration&code=bad_request` })
    expect(ran).toEqual(['second -'])
  })

  it('reserves the provider ids its callback routes take', () => {
    expect(router.reservedProviderIds).toEqual(new Set(['two-factor', 'second-step']))
    expect(router.providerIdProblem('second-step')).toMatch(/taken by one of Gatehouse's own endpoints/)
    expect(router.providerIdProblem('pw')).toBeUndefined()
    // Two-factor sign-in's callback is Gatehouse's own, in every configuration.
    expect(defaultRouter.reservedProviderIds).toEqual(new Set(['two-factor']))
  })

  it('knows which GETs are pages, also for the configuration-error answer', () => {
    expect(router.match('/auth/example', '/auth')?.page).toBe(true)
    expect(router.match('/auth/example/item/x', '/auth')?.page).toBe(false)
    expect(defaultRouter.match('/auth/signin', '/auth')?.page).toBe(true)
    const broken = { providers: [] }
    const scriptRequest = new Request(`${ORIGIN}/auth/webauthn-script/x.js`)
    expect(isPagePath(scriptRequest, undefined)).toBe(false)
    expect(configErrorResult(scriptRequest, broken, false).status).toBe(500)
    const pageRequest = new Request(`${ORIGIN}/auth/signin`)
    expect(isPagePath(pageRequest, '/auth/')).toBe(true)
    expect(configErrorResult(pageRequest, broken, true).body).toContain('<html')
  })

  it('keeps the passkey script route as a feature route, and isAuthAction answers for it', () => {
    expect(defaultRouter.match('/auth/webauthn-script/a.js', '/auth')).toMatchObject({
      action: undefined,
      param: 'a.js',
      path: 'webauthn-script/:file?',
    })
    expect(defaultRouter.match('/auth/webauthn-script', '/auth')?.param).toBeUndefined()
    expect(isAuthAction('webauthn-script')).toBe(true)
    expect(isAuthAction('webauthn-script/a.js')).toBe(false)
    expect(isAuthAction('example')).toBe(false)
  })
})

describe('a feature route is checked when the router is built', () => {
  const route = (path: string, more: Partial<FeatureRoute> = {}): FeatureRoute => ({
    path,
    method: 'GET',
    csrf: 'never',
    page: false,
    handler: answer('x'),
    ...more,
  })

  it.each([
    ['session', /extends the Auth\.js action "session"/],
    ['session/list', /extends the Auth\.js action "session"/],
    ['callback/:id', /extends the Auth\.js action "callback"/],
    ['callback/a/b', /extends the Auth\.js action "callback"/],
    ['', /write segments/],
    ['/leading', /write segments/],
    ['Upper', /write segments/],
    ['a b', /write segments/],
    ['a/:x/b', /write segments/],
    [':only', /write segments/],
  ])('%j is refused', (path, message) => {
    expect(() => new Router([route(path)])).toThrow(message)
  })

  it('refuses a route declared twice, a POST page, another method', () => {
    expect(() => new Router([route('a'), route('a')])).toThrow(/declared twice/)
    expect(() => new Router([route('a/:x'), route('a/:x?', { method: 'POST' })])).toThrow(/another kind/)
    expect(() => new Router([route('a', { method: 'POST', page: true })])).toThrow(/only a GET/)
    expect(() => new Router([route('a', { method: 'PUT' as never })])).toThrow(/GET or POST/)
    expect(() => new Router([route('a'), route('a', { method: 'POST' })])).not.toThrow()
  })

  it('prefers a fixed path over a parameter that would take it', () => {
    const both = new Router([route('a/:x', { handler: answer('param') }), route('a/b')])
    expect(both.match('/auth/a/b', '/auth')).toMatchObject({ path: 'a/b', param: undefined })
    expect(both.match('/auth/a/c', '/auth')).toMatchObject({ path: 'a/:x', param: 'c' })
  })
})
