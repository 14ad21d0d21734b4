/**
 * E-mail sign-in against a real adapter, in process: `Auth()` answers, a custom `sendVerificationRequest` keeps
 * every message, and the verification-token rows are read back with SQL.
 */
import type pg from 'pg'
import type { Adapter } from '../../src/adapters/adapter.js'
import { PostgresAdapter, migrate as migratePostgres } from '../../src/adapters/postgres.js'
import { SQLiteAdapter, migrate as migrateSqlite } from '../../src/adapters/sqlite.js'
import { Auth } from '../../src/auth.js'
import type { EmailConfig, SendVerificationRequestParams } from '../../src/providers/provider-types.js'
import type { AuthConfig } from '../../src/types.js'
import { quietLogger } from '../database/session-flow-scenarios.js'
import { CookieJar } from '../support/cookie-jar.js'
import { freshPostgres, freshSqlite } from '../support/test-databases.js'

export const ORIGIN = 'http://app.test'
export const SECRET = 'an-e-mail-test-secret-of-at-least-32-characters'

/** A verification-token row as stored. */
export interface TokenRow {
  identifier: string
  token: string
  expires: Date
}

/** A real database behind an adapter, with raw access to its token rows. */
export interface EmailBackend {
  name: 'sqlite' | 'postgres'
  setup(): Promise<{
    adapter: Adapter
    tokens(): Promise<TokenRow[]>
    /** Moves every token's expiry into the past. */
    expireTokens(): Promise<void>
    /** Inserts a row as another system (Auth.js) would have. */
    insertToken(row: TokenRow): Promise<void>
    users(): Promise<Array<{ id: string; email: string; emailVerified: Date | null }>>
    teardown(): Promise<void>
  }>
}

export const sqliteEmailBackend: EmailBackend = {
  name: 'sqlite',
  async setup() {
    const db = freshSqlite()
    await migrateSqlite(db)
    return {
      adapter: SQLiteAdapter(db),
      tokens: () =>
        Promise.resolve(
          (
            db.prepare('SELECT identifier, token, expires FROM verification_token').all() as Array<{
              identifier: string
              token: string
              expires: number
            }>
          ).map((r) => ({ ...r, expires: new Date(r.expires) })),
        ),
      expireTokens: () =>
        Promise.resolve(
          void db.prepare('UPDATE verification_token SET expires = ?').run(Date.now() - 60_000),
        ),
      insertToken: (r) =>
        Promise.resolve(
          void db
            .prepare('INSERT INTO verification_token (identifier, token, expires) VALUES (?, ?, ?)')
            .run(r.identifier, r.token, r.expires.getTime()),
        ),
      users: () =>
        Promise.resolve(
          (
            db.prepare('SELECT id, email, "emailVerified" FROM users').all() as Array<{
              id: string
              email: string
              emailVerified: number | null
            }>
          ).map((u) => ({
            ...u,
            emailVerified: u.emailVerified === null ? null : new Date(u.emailVerified),
          })),
        ),
      teardown: () => Promise.resolve(void db.close()),
    }
  },
}

export const postgresEmailBackend: EmailBackend = {
  name: 'postgres',
  async setup() {
    const { pool, drop } = await freshPostgres()
    await migratePostgres(pool)
    const q = <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
      pool.query<R>(text, values).then((r) => r.rows)
    return {
      adapter: PostgresAdapter(pool),
      tokens: () => q<TokenRow>('SELECT identifier, token, expires FROM verification_token'),
      expireTokens: async () =>
        void (await q('UPDATE verification_token SET expires = $1', [new Date(Date.now() - 60_000)])),
      insertToken: async (r) =>
        void (await q('INSERT INTO verification_token (identifier, token, expires) VALUES ($1, $2, $3)', [
          r.identifier,
          r.token,
          r.expires,
        ])),
      users: () => q('SELECT id, email, "emailVerified" FROM users'),
      teardown: drop,
    }
  },
}

/** A configuration with one e-mail provider whose sender keeps the messages in `mails`. */
export function emailConfig(
  adapter: Adapter | undefined,
  options: {
    strategy?: 'jwt' | 'database'
    provider?: Partial<EmailConfig>
    config?: Partial<AuthConfig>
  } = {},
) {
  const mails: SendVerificationRequestParams[] = []
  const logger = quietLogger()
  const events: Array<[string, string]> = []
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    adapter,
    logger,
    session: { strategy: options.strategy ?? 'database' },
    events: {
      createUser: ({ user }) => void events.push(['createUser', String(user.email)]),
      updateUser: ({ user }) => void events.push(['updateUser', String(user.email)]),
      signIn: ({ user, isNewUser }) =>
        void events.push(['signIn', `${String(user.email)}:${String(isNewUser)}`]),
    },
    providers: [
      {
        id: 'email',
        name: 'Email',
        type: 'email',
        sendVerificationRequest: (params) => void mails.push(params),
        ...options.provider,
      } as EmailConfig,
    ],
    ...options.config,
  }
  return { config, mails, logger, events }
}

/** The headers a browser sends with a form POST from a page of {@link ORIGIN}. */
export const SAME_ORIGIN = { origin: ORIGIN, 'sec-fetch-site': 'same-origin' }

/** A browser: a cookie jar and `Auth()` in process. */
export function browser(config: AuthConfig) {
  const jar = new CookieJar()
  async function call(path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers)
    const cookie = jar.header()
    if (cookie) headers.set('cookie', cookie)
    const url = path.startsWith('http') ? path : `${ORIGIN}${path}`
    const response = await Auth(new Request(url, { ...init, headers }), config)
    jar.take(response)
    return response
  }
  async function csrf(): Promise<string> {
    const res = await call('/auth/csrf')
    return ((await res.json()) as { csrfToken: string }).csrfToken
  }
  function post(path: string, fields: Record<string, string>, headers: Record<string, string> = SAME_ORIGIN) {
    return call(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    })
  }
  /** Asks for a link on the sign-in form. */
  async function requestLink(email: string, callbackUrl = `${ORIGIN}/dashboard`) {
    return post('/auth/signin/email', { csrfToken: await csrf(), email, callbackUrl })
  }
  /** The confirmation POST the page's button makes, with the page's CSRF token. */
  async function confirm(link: string, headers: Record<string, string> = SAME_ORIGIN) {
    const page = await call(link)
    const html = await page.text()
    const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? ''
    const decode = (s: string) =>
      s.replaceAll('&amp;', '&').replaceAll('&#39;', "'").replaceAll('&quot;', '"')
    return post(
      '/auth/callback/email',
      {
        csrfToken: field('csrfToken'),
        token: decode(field('token')),
        email: decode(field('email')),
        callbackUrl: decode(field('callbackUrl')),
      },
      headers,
    )
  }
  async function session() {
    return (await (await call('/auth/session')).json()) as { user?: { email?: string } } | null
  }
  return { jar, call, csrf, post, requestLink, confirm, session }
}
