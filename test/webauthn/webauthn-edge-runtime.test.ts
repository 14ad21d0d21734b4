/**
 * Passkeys in a runtime without `node:` modules: the core, `Passkey()` and `@simplewebauthn/server` bundled for the
 * browser as an edge bundler would (esbuild, `browser` condition; a `node:` import anywhere fails the build), run in
 * Chromium on a loopback page as the server, with the software authenticator answering from Node. The pattern is
 * that of test/edge/edge-runtime-session.test.ts.
 */
import { build } from 'esbuild'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openBundlePage, type BundlePage } from '../support/bundle-page.js'
import { skipWithoutChromium } from '../support/chromium.js'
import { SoftwareAuthenticator } from './software-authenticator.js'

const skip = skipWithoutChromium('the WebAuthn edge-runtime test')

interface RawCookie {
  name: string
  value: string
  options: { maxAge?: number }
}
interface RawResult {
  status?: number
  body?: {
    action?: string
    options?: Record<string, unknown> & { challenge: string }
    url?: string
    user?: { email?: string }
  } | null
  redirect?: string
  cookies?: RawCookie[]
}

const entry = `
import { Auth, raw } from 'gatehouse-auth'
import Passkey from 'gatehouse-auth/providers/passkey'
import { MemoryAdapter } from 'gatehouse-auth/adapters/memory'

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
  secret: 'edge-webauthn-test-secret-of-at-least-32-chars',
  trustHost: true,
  adapter: MemoryAdapter(),
  session: { strategy: 'database' },
  providers: [Passkey()],
  raw,
}

window.passkeyEdge = {
  hasProcess: typeof process !== 'undefined',
  async get(path, cookie) {
    const result = await Auth(new ServerRequest('http://localhost/auth/' + path, { headers: { cookie } }), config)
    return JSON.parse(JSON.stringify(result))
  },
  async post(fields, cookie) {
    const request = new ServerRequest('http://localhost/auth/callback/passkey', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', 'x-auth-return-redirect': '1' },
      body: new URLSearchParams(fields),
    })
    return JSON.parse(JSON.stringify(await Auth(request, config)))
  },
}
`

declare global {
  interface Window {
    passkeyEdge: {
      hasProcess: boolean
      get: (path: string, cookie: string) => Promise<RawResult>
      post: (fields: Record<string, string>, cookie: string) => Promise<RawResult>
    }
  }
}

describe.skipIf(skip)('passkeys on the core in a browser (no node: modules, WebCrypto)', () => {
  let opened: BundlePage | undefined
  let page: Page
  let inputs: string[] = []
  const jar = new Map<string, string>()
  const header = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
  const take = (result: RawResult) => {
    for (const c of result.cookies ?? []) {
      if (c.value === '' || c.options.maxAge === 0) jar.delete(c.name)
      else jar.set(c.name, c.value)
    }
    return result
  }

  beforeAll(async () => {
    const bundle = await build({
      stdin: { contents: entry, resolveDir: process.cwd(), loader: 'js' },
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      conditions: ['gatehouse-source'],
      metafile: true,
      logLevel: 'silent',
    })
    inputs = Object.keys(bundle.metafile.inputs)
    const script = bundle.outputFiles[0]!.text
    opened = await openBundlePage(script, 'passkeyEdge')
    page = opened.page
  })

  afterAll(async () => {
    await opened?.close()
  })

  it('bundles @simplewebauthn/server with WebCrypto and without any node: module', async () => {
    expect(inputs.some((i) => i.includes('@simplewebauthn/server'))).toBe(true)
    expect(inputs.some((i) => i.includes('src/crypto/web/web-crypto-backend.ts'))).toBe(true)
    expect(inputs.filter((i) => i.startsWith('node:') || i.includes('crypto/node/'))).toEqual([])
    expect(await page.evaluate(() => window.passkeyEdge.hasProcess)).toBe(false)
  })

  it('registers a passkey and signs in with it, with a database session', async () => {
    const authenticator = new SoftwareAuthenticator({ origin: 'http://localhost' })
    const reg = take(
      await page.evaluate(
        ([c]) =>
          window.passkeyEdge.get('webauthn-options/passkey?action=register&email=edge%40example.com', c!),
        [header()],
      ),
    )
    expect(reg.body?.action).toBe('register')
    const data = authenticator.register(reg.body!.options as never)
    const registered = take(
      await page.evaluate(
        ([d, c]) => window.passkeyEdge.post({ action: 'register', data: d! }, c!),
        [JSON.stringify(data), header()],
      ),
    )
    expect(registered.body?.url).toBe('http://localhost/')
    jar.clear()

    const auth = take(
      await page.evaluate(
        ([c]) => window.passkeyEdge.get('webauthn-options/passkey?action=authenticate', c!),
        [header()],
      ),
    )
    const assertion = authenticator.authenticate(auth.body!.options as never)
    const signedIn = take(
      await page.evaluate(
        ([d, c]) => window.passkeyEdge.post({ action: 'authenticate', data: d! }, c!),
        [JSON.stringify(assertion), header()],
      ),
    )
    expect(signedIn.body?.url).toBe('http://localhost/')
    const session = await page.evaluate(([c]) => window.passkeyEdge.get('session', c!), [header()])
    expect(session.body?.user?.email).toBe('edge@example.com')

    // A replay of the same assertion with the same (copied) challenge cookie is refused here too.
    jar.set('authjs.challenge', auth.cookies!.find((c) => c.name === 'authjs.challenge')!.value)
    const replay = await page.evaluate(
      ([d, c]) => window.passkeyEdge.post({ action: 'authenticate', data: d! }, c!),
      [JSON.stringify(assertion), header()],
    )
    expect(replay.status).toBe(403)
  })
})
