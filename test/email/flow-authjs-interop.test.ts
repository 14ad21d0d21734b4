/**
 * A database shared with Auth.js (@auth/core 0.41.3 with @auth/pg-adapter) on real PostgreSQL: a link Auth.js sent
 * signs in on Gatehouse, and a link Gatehouse sent signs in on Auth.js, since both store sha256(token + secret).
 */
import { Auth as AuthJs } from '@auth/core'
import PgAdapter from '@auth/pg-adapter'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PostgresAdapter, migrate } from '../../src/adapters/postgres.js'
import { Auth } from '../../src/auth.js'
import { CookieJar } from '../support/cookie-jar.js'
import { databaseAvailable, freshPostgres } from '../support/test-databases.js'
import { emailConfig, ORIGIN, SECRET } from './flow-harness.js'

const available = await databaseAvailable('postgres')

describe.skipIf(!available)('e-mail links in a database shared with Auth.js', () => {
  let fresh: Awaited<ReturnType<typeof freshPostgres>>
  beforeAll(async () => {
    fresh = await freshPostgres()
    await migrate(fresh.pool)
  })
  afterAll(() => fresh?.drop())

  function authJs() {
    const mails: Array<{ url: string; identifier: string }> = []
    const config = {
      secret: SECRET,
      trustHost: true,
      basePath: '/auth',
      adapter: PgAdapter(fresh.pool),
      logger: { error: () => {}, warn: () => {}, debug: () => {} },
      providers: [
        {
          id: 'email',
          type: 'email' as const,
          name: 'Email',
          from: 'test@example.com',
          maxAge: 86_400,
          options: {},
          sendVerificationRequest: (p: { url: string; identifier: string }) => void mails.push(p),
        },
      ],
    }
    const jar = new CookieJar()
    const call = async (path: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers)
      if (jar.header()) headers.set('cookie', jar.header())
      const request = new Request(path.startsWith('http') ? path : `${ORIGIN}${path}`, { ...init, headers })
      // @auth/core's overloads pick its raw form for an untyped configuration: this call returns a Response.
      const res = (await AuthJs(request, config as never)) as unknown as Response
      jar.take(res)
      return res
    }
    return { mails, call, jar }
  }

  function gatehouse() {
    const { config, mails } = emailConfig(PostgresAdapter(fresh.pool))
    const jar = new CookieJar()
    const call = async (path: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers)
      if (jar.header()) headers.set('cookie', jar.header())
      const res = await Auth(
        new Request(path.startsWith('http') ? path : `${ORIGIN}${path}`, { ...init, headers }),
        config,
      )
      jar.take(res)
      return res
    }
    return { mails: mails, call, jar }
  }

  const form = (fields: Record<string, string>): RequestInit => ({
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: ORIGIN,
      'sec-fetch-site': 'same-origin',
    },
    body: new URLSearchParams(fields).toString(),
  })

  it('a link Auth.js sent signs in on Gatehouse', async () => {
    const a = authJs()
    const { csrfToken } = (await (await a.call('/auth/csrf')).json()) as { csrfToken: string }
    const sent = await a.call('/auth/signin/email', form({ csrfToken, email: 'from-authjs@example.com' }))
    expect(sent.headers.get('location')).toBe(`${ORIGIN}/auth/verify-request?provider=email&type=email`)
    const link = a.mails[0]!.url

    const g = gatehouse()
    const page = await (await g.call(link)).text()
    const field = (name: string) =>
      (new RegExp(`name="${name}" value="([^"]*)"`).exec(page)?.[1] ?? '').replaceAll('&amp;', '&')
    const done = await g.call(
      '/auth/callback/email',
      form({ csrfToken: field('csrfToken'), token: field('token'), email: field('email') }),
    )
    expect(done.status).toBe(302)
    const session = (await (await g.call('/auth/session')).json()) as { user: { email: string } }
    expect(session.user.email).toBe('from-authjs@example.com')
  })

  it('a link Gatehouse sent signs in on Auth.js', async () => {
    const g = gatehouse()
    const { csrfToken } = (await (await g.call('/auth/csrf')).json()) as { csrfToken: string }
    await g.call('/auth/signin/email', form({ csrfToken, email: 'from-gatehouse@example.com' }))
    const link = g.mails[0]!.url

    const a = authJs()
    const done = await a.call(link)
    expect(done.status).toBe(302)
    expect(done.headers.get('location')).toBe(`${ORIGIN}/`)
    const session = (await (await a.call('/auth/session')).json()) as { user: { email: string } }
    expect(session.user.email).toBe('from-gatehouse@example.com')
  })
})
