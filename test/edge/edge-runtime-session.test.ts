/**
 * The core in a runtime without `node:` modules. The package is bundled for the browser as an edge bundler would
 * bundle it (esbuild, `browser` condition: `#crypto` resolves to WebCrypto; a `node:` import anywhere in the graph
 * fails the build), loaded in Chromium on a loopback page, and made to check sessions and CSRF tokens that Node
 * made, and to make some that Node then reads.
 *
 * Browsers drop `Cookie` from a script's `Request` and `Set-Cookie` from a script's `Response` (forbidden header
 * names); server runtimes (Workers, Deno, Next.js on the Edge) do not. The page therefore passes its cookie header
 * through a `Request` subclass with an unguarded `Headers`, and reads cookies from the `raw` result.
 */
import { decode as authDecode, encode as authEncode } from '@auth/core/jwt'
import { build } from 'esbuild'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cryptoBackend as nodeBackend } from '../../src/crypto/node/node-crypto-backend.js'
import { createCsrfToken, readCsrfCookie } from '../../src/csrf/csrf-token.js'
import { SessionJwe } from '../../src/crypto/session-jwe.js'
import { openBundlePage, type BundlePage } from '../support/bundle-page.js'
import { skipWithoutChromium } from '../support/chromium.js'

const skip = skipWithoutChromium('the edge-runtime session test')

const secret = 'edge-runtime-test-secret-of-at-least-32-chars'
const salt = 'authjs.session-token'
const claims = { name: 'Ann', email: 'ann@example.test', sub: 'user-1' }

/** What the page puts on `window`: the core, and helpers to call it as a server runtime would. */
const entry = `
import { Auth, raw } from 'gatehouse-auth'
import Credentials from 'gatehouse-auth/providers/credentials'
import { decode, encode } from 'gatehouse-auth/jwt'

class ServerRequest extends Request {
  #headers
  constructor(input, init = {}) {
    super(input, init)
    this.#headers = new Headers(init.headers)
  }
  get headers() {
    return this.#headers
  }
}

const config = {
  secret: ${JSON.stringify(secret)},
  trustHost: true,
  providers: [
    Credentials({
      credentials: { email: {}, password: {} },
      authorize: ({ email, password }) =>
        email === 'ann@example.test' && password === 'pw' ? { id: 'user-1', name: 'Ann', email } : null,
    }),
  ],
}
const rawConfig = { ...config, raw }

window.edge = {
  hasProcess: typeof process !== 'undefined',
  decode: (token) => decode({ token, secret: config.secret, salt: ${JSON.stringify(salt)} }),
  encode: (token) => encode({ token, secret: config.secret, salt: ${JSON.stringify(salt)} }),
  async session(cookie) {
    const request = new ServerRequest('http://localhost/auth/session', { headers: { cookie } })
    const response = await Auth(request, config)
    const result = await Auth(new ServerRequest('http://localhost/auth/session', { headers: { cookie } }), rawConfig)
    return { status: response.status, body: await response.json(), cookies: result.cookies ?? [] }
  },
  async csrf() {
    const result = await Auth(new ServerRequest('http://localhost/auth/csrf'), rawConfig)
    return { body: result.body, cookies: result.cookies ?? [] }
  },
  async signIn(cookie, csrfToken) {
    const body = new URLSearchParams({ csrfToken, email: 'ann@example.test', password: 'pw' })
    const request = new ServerRequest('http://localhost/auth/callback/credentials', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body,
    })
    try {
      const result = await Auth(request, rawConfig)
      return { redirect: result.redirect, cookies: result.cookies ?? [] }
    } catch (error) {
      // \`raw\` re-throws sign-in errors, for framework wrappers.
      return { error: error.type, cookies: [] }
    }
  },
}
`

interface PageCookie {
  name: string
  value: string
}

describe.skipIf(skip)('the core in a browser (no node: modules, WebCrypto)', () => {
  let opened: BundlePage | undefined
  let page: Page
  let inputs: string[] = []

  beforeAll(async () => {
    const bundle = await build({
      stdin: { contents: entry, resolveDir: process.cwd(), loader: 'js' },
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      // `gatehouse-source` maps the package's exports (and `#crypto`) to src/ instead of a possibly stale dist/;
      // the `browser` branch of each map is the one taken, as for dist/ on an edge bundler.
      conditions: ['gatehouse-source'],
      metafile: true,
      logLevel: 'silent',
    })
    inputs = Object.keys(bundle.metafile.inputs)
    const script = bundle.outputFiles[0]!.text
    opened = await openBundlePage(script, 'edge')
    page = opened.page
  })

  afterAll(async () => {
    await opened?.close()
  })

  it('bundles with WebCrypto and without any node: module or Node global', async () => {
    expect(inputs.some((input) => input.includes('src/crypto/web/web-crypto-backend.ts'))).toBe(true)
    expect(inputs.filter((input) => input.startsWith('node:') || input.includes('crypto/node/'))).toEqual([])
    expect(
      await page.evaluate(() => (window as unknown as { edge: { hasProcess: boolean } }).edge.hasProcess),
    ).toBe(false)
  })

  it('decodes a session token that Node (Auth.js) encoded, and Node decodes one it encoded', async () => {
    const token = await authEncode({ token: claims, secret, salt })
    const decoded = await page.evaluate((t) => window.edge.decode(t), token)
    expect(decoded).toMatchObject(claims)
    const encoded = await page.evaluate((c) => window.edge.encode(c), claims)
    expect(await authDecode({ token: encoded, secret, salt })).toMatchObject(claims)
  })

  it('answers GET /session for a Node-made cookie, and re-issues an old one as Node reads it', async () => {
    const fresh = await authEncode({ token: claims, secret, salt })
    const answer = await page.evaluate((cookie) => window.edge.session(cookie), `${salt}=${fresh}`)
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ user: { name: 'Ann', email: 'ann@example.test' } })
    expect(answer.cookies).toEqual([])

    const twoDaysAgo = Date.now() - 2 * 86_400_000
    const old = new SessionJwe(secret, salt, nodeBackend).encrypt(claims, 30 * 86_400, twoDaysAgo) as string
    const reissued = await page.evaluate((cookie) => window.edge.session(cookie), `${salt}=${old}`)
    expect(reissued.body).toMatchObject({ user: { name: 'Ann' } })
    const cookie = (reissued.cookies as PageCookie[]).find((c) => c.name === salt)
    expect(cookie).toBeDefined()
    const payload = await authDecode({ token: cookie!.value, secret, salt })
    expect(payload).toMatchObject(claims)
    expect(payload!.iat).toBeGreaterThan(Math.floor(twoDaysAgo / 1000) + 86_400)
  })

  it('answers null for a tampered or foreign token', async () => {
    const token = await authEncode({ token: claims, secret, salt })
    const tampered = token.slice(0, -2) + (token.endsWith('A') ? 'BA' : 'AA')
    const foreign = await authEncode({
      token: claims,
      secret: 'another-secret-of-at-least-32-characters',
      salt,
    })
    for (const value of [tampered, foreign]) {
      const answer = await page.evaluate((cookie) => window.edge.session(cookie), `${salt}=${value}`)
      expect(answer.body).toBeNull()
    }
  })

  it('mints CSRF cookies that Node accepts, and signs in with a Node-made CSRF cookie (not with a wrong token)', async () => {
    const minted = await page.evaluate(() => window.edge.csrf())
    const csrfCookie = (minted.cookies as PageCookie[]).find((c) => c.name === 'authjs.csrf-token')!
    expect(readCsrfCookie(csrfCookie.value, [secret], nodeBackend)).toBe(
      (minted.body as { csrfToken: string }).csrfToken,
    )

    const { token, cookieValue } = createCsrfToken([secret], nodeBackend)
    const signedIn = await page.evaluate(
      ([cookie, csrfToken]) => window.edge.signIn(cookie!, csrfToken!),
      [`authjs.csrf-token=${cookieValue}`, token],
    )
    const session = (signedIn.cookies as PageCookie[]).find((c) => c.name === salt)
    expect(session).toBeDefined()
    expect(await authDecode({ token: session!.value, secret, salt })).toMatchObject(claims)

    const refused = await page.evaluate(
      ([cookie, csrfToken]) => window.edge.signIn(cookie!, csrfToken!),
      [`authjs.csrf-token=${cookieValue}`, 'f'.repeat(64)],
    )
    expect(refused.error).toBe('MissingCSRF')
    expect(refused.cookies).toEqual([])
  })
})

declare global {
  interface Window {
    edge: {
      hasProcess: boolean
      decode(token: string): Promise<Record<string, unknown> | null>
      encode(claims: Record<string, unknown>): Promise<string>
      session(cookie: string): Promise<{ status: number; body: unknown; cookies: unknown[] }>
      csrf(): Promise<{ body: unknown; cookies: unknown[] }>
      signIn(
        cookie: string,
        csrfToken: string,
      ): Promise<{ redirect?: string; error?: string; cookies: unknown[] }>
    }
  }
}
