/** Configuration-time adapter checks, the default strategy, token generation, and JWT with an adapter. */
import { describe, expect, it } from 'vitest'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import { guardAdapter } from '../../src/adapters/guard-adapter.js'
import { resolveConfig } from '../../src/config/resolve-config.js'
import { AdapterError } from '../../src/errors.js'
import Credentials from '../../src/providers/credentials.js'
import type { AuthConfig } from '../../src/types.js'
import { CookieJar, csrfToken, form, jarFetch } from '../support/cookie-jar.js'
import { serveAuth } from '../support/serve-auth.js'
import { SESSION, quietLogger } from './session-flow-scenarios.js'
import { configErrorOf } from '../support/config-error-of.js'

const base = {
  secret: 'a-test-secret-that-is-at-least-32-characters-long',
  trustHost: true,
  logger: quietLogger(),
}
const oidc = {
  id: 'idp',
  name: 'IdP',
  type: 'oidc',
  issuer: 'https://idp.example',
  clientId: 'c',
  clientSecret: 's',
}

function problemsOf(config: AuthConfig): { types: string[]; problems: string[] } {
  const { issues } = configErrorOf(() => resolveConfig(config, {}))
  return { types: issues.map((i) => i.type), problems: issues.map((i) => `${i.option}: ${i.problem}`) }
}

describe('adapter configuration', () => {
  it('names every missing method in one error', () => {
    const { types, problems } = problemsOf({
      ...base,
      adapter: { getUser: () => null, createSession: (s) => ({ ...s }) },
      providers: [oidc as never],
    })
    expect(types).toStrictEqual(['MissingAdapterMethods'])
    for (const m of [
      'getSessionAndUser',
      'updateSession',
      'deleteSession',
      'createUser',
      'getUserByAccount',
      'linkAccount',
    ])
      expect(problems[0]).toContain(`\`${m}\``)
    expect(problems[0]).not.toContain('`getUser`')
    expect(problems[0]).not.toContain('`createSession`')
  })

  it('database sessions without an adapter are MissingAdapter; the database strategy is the default with one', () => {
    expect(problemsOf({ ...base, session: { strategy: 'database' }, providers: [] }).types).toStrictEqual([
      'MissingAdapter',
    ])
    const resolved = resolveConfig({ ...base, adapter: MemoryAdapter(), providers: [] }, {})
    expect(resolved.session.strategy).toBe('database')
    expect(resolved.session.tokenStorage).toBe('hashed')
    const token = resolved.session.generateSessionToken()
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)
  })

  it('credentials alone with database sessions is accepted (Auth.js refuses it with UnsupportedStrategy)', () => {
    const resolved = resolveConfig(
      { ...base, adapter: MemoryAdapter(), providers: [Credentials({ authorize: () => null })] },
      {},
    )
    expect(resolved.session.strategy).toBe('database')
  })

  it('rejects an unknown tokenStorage', () => {
    const { problems } = problemsOf({
      ...base,
      adapter: MemoryAdapter(),
      session: { tokenStorage: 'rot13' as never },
      providers: [],
    })
    expect(problems.join()).toContain('tokenStorage')
  })

  it('an adapter that throws surfaces as AdapterError naming the method, with the cause', async () => {
    const cause = new Error('connection refused')
    const guarded = guardAdapter({ getUser: () => Promise.reject(cause) })
    const error = await Promise.resolve(guarded.getUser!('x')).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AdapterError)
    expect((error as AdapterError).message).toContain('`getUser`')
    expect((error as AdapterError).cause?.err).toBe(cause)
  })

  it('with the JWT strategy and an adapter, a credentials sign-in still issues a JWT and writes no session', async () => {
    const adapter = MemoryAdapter()
    const user = await adapter.createUser({ id: '', email: 'jwt@example.com', emailVerified: null })
    const server = await serveAuth({
      ...base,
      adapter,
      session: { strategy: 'jwt' },
      providers: [
        Credentials({ credentials: { u: {} }, authorize: () => ({ id: user.id, email: user.email }) }),
      ],
    })
    try {
      const jar = new CookieJar()
      const csrf = await csrfToken(jar, server.origin)
      await jarFetch(jar, `${server.origin}/auth/callback/credentials`, form({ csrfToken: csrf, u: 'x' }))
      expect(jar.get(SESSION)?.split('.')).toHaveLength(5)
      expect(adapter.store.sessions.size).toBe(0)
      const body = (await (await jarFetch(jar, `${server.origin}/auth/session`)).json()) as {
        user: { email: string }
      }
      expect(body.user.email).toBe('jwt@example.com')
    } finally {
      await server.close()
    }
  })
})
