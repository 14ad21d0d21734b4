/**
 * The middleware path of gatehouse-auth/next on the Edge runtime: `test/fixtures/next-edge` (a `middleware.ts`, which
 * Next 16 runs on the Edge runtime, `export { auth as middleware }`) is built with `next build` and started with
 * `next start` here. The build must place the middleware in the Edge bundle without a single "Node.js module is
 * loaded" warning (Turbopack only warns; the module would then fail at run time), and the running middleware must
 * send a signed-out, tampered or expired session to sign-in and let a real session through. The same app (JWT
 * sessions) shows, in Chromium, `useSession().update()` reaching the `jwt` callback with trigger `update`, and the
 * renamed token passing the Edge middleware and read by a server component.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { encode } from '../../src/jwt/index.js'
import { launchChromium } from '../support/chromium.js'

const appDir = fileURLToPath(new URL('../fixtures/next-edge/', import.meta.url))
const nextBin = fileURLToPath(new URL('../../node_modules/next/dist/bin/next', import.meta.url))
const SECRET = 'edge-fixture-secret-0123456789-abcdefghijkl'

function runNext(
  args: string[],
  env: Record<string, string>,
  onOutput: (text: string) => void,
): ChildProcess {
  const child = spawn(process.execPath, [nextBin, ...args], {
    cwd: appDir,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (d: Buffer) => onOutput(d.toString()))
  child.stderr?.on('data', (d: Buffer) => onOutput(d.toString()))
  return child
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** The `name=value` pairs of a response's `Set-Cookie` lines. */
const pairs = (response: Response) => response.headers.getSetCookie().map((line) => line.split(';')[0]!)

describe('gatehouse-auth/next middleware on the Edge runtime (next build + next start)', () => {
  let buildOutput = ''
  let server: ChildProcess | undefined
  let origin = ''
  let browser: Browser | undefined

  beforeAll(async () => {
    browser = await launchChromium()
    const build = runNext(['build'], {}, (text) => (buildOutput += text))
    const code = await new Promise<number | null>((resolve) => build.on('exit', resolve))
    if (code !== 0) throw new Error(`next build failed (${code}):\n${buildOutput}`)
    const port = await freePort()
    origin = `http://localhost:${port}`
    let startOutput = ''
    server = runNext(
      ['start', '-p', String(port), '-H', 'localhost'],
      { AUTH_SECRET: SECRET, AUTH_URL: `${origin}/api/auth` },
      (text) => (startOutput += text),
    )
    const deadline = Date.now() + 60_000
    for (;;) {
      if (server.exitCode !== null) throw new Error(`next start exited:\n${startOutput}`)
      const ready = await fetch(`${origin}/api/auth/providers`).then(
        (r) => r.ok,
        () => false,
      )
      if (ready) break
      if (Date.now() > deadline) throw new Error(`next start did not answer:\n${startOutput}`)
      await new Promise((r) => setTimeout(r, 200))
    }
  }, 240_000)

  afterAll(async () => {
    await browser?.close()
    server?.kill('SIGTERM')
  })

  test('the build puts the middleware in the Edge bundle and loads no Node.js module there', async () => {
    expect(buildOutput).not.toMatch(/not supported in the Edge Runtime/i)
    expect(buildOutput).not.toMatch(/Node\.js module is loaded/i)
    const manifest = JSON.parse(await readFile(`${appDir}.next/server/middleware-manifest.json`, 'utf8')) as {
      middleware: Record<string, { name: string; files: string[] }>
    }
    const middleware = manifest.middleware['/']
    expect(middleware?.name).toBe('middleware')
    expect(middleware!.files.length).toBeGreaterThan(0)
    for (const file of middleware!.files) expect(file).toMatch(/^server\/edge\//)
  })

  const protectedPage = (cookie?: string) =>
    fetch(`${origin}/protected`, { redirect: 'manual', headers: cookie ? { cookie } : {} })

  function expectSentToSignIn(response: Response) {
    expect(response.status).toBe(307)
    const location = new URL(response.headers.get('location')!, origin)
    expect(location.pathname).toBe('/api/auth/signin')
    expect(location.searchParams.get('callbackUrl')).toBe(`${origin}/protected`)
  }

  test('signed out: the edge middleware sends the browser to sign-in', async () => {
    expectSentToSignIn(await protectedPage())
  })

  test('a real session passes; the same cookie tampered with, or expired, is sent to sign-in', async () => {
    const csrf = await fetch(`${origin}/api/auth/csrf`)
    const { csrfToken } = (await csrf.json()) as { csrfToken: string }
    const signIn = await fetch(`${origin}/api/auth/callback/credentials`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: pairs(csrf).join('; '), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken, email: 'edge@example.com', password: 'edge-runtime' }),
    })
    const session = pairs(signIn).find((c) => c.startsWith('authjs.session-token='))
    expect(signIn.status).toBe(302)
    expect(session).toBeDefined()

    const allowed = await protectedPage(session)
    expect(allowed.status).toBe(200)
    expect(await allowed.text()).toContain('protected content')

    expectSentToSignIn(await protectedPage(`${session!.slice(0, -6)}AAAAAA`))
    const expired = await encode({
      token: { name: 'Edge', email: 'edge@example.com', sub: 'edge-1' },
      secret: SECRET,
      salt: 'authjs.session-token',
      maxAge: -60,
    })
    expectSentToSignIn(await protectedPage(`authjs.session-token=${expired}`))
  })

  test('Chromium: useSession().update() runs the jwt callback with trigger update; the edge middleware and a server component see the new token', async () => {
    const context = await browser!.newContext({ baseURL: origin })
    context.setDefaultTimeout(15_000)
    const page = await context.newPage()
    await page.goto('/protected')
    await page.waitForURL((url) => url.pathname === '/api/auth/signin')
    await page.getByLabel('Email').fill('edge@example.com')
    await page.getByLabel('Password').fill('edge-runtime')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/protected')
    expect(await page.locator('#server-name').textContent()).toBe('Edge')

    await page.goto('/client')
    await page.locator('#status', { hasText: 'authenticated' }).waitFor()
    expect(await page.locator('#name').textContent()).toBe('Edge')
    const updated = page.waitForResponse(
      (r) => r.url().endsWith('/api/auth/session') && r.request().method() === 'POST',
    )
    await page.getByRole('button', { name: 'Rename' }).click()
    expect((await updated).status()).toBe(200)
    await page.locator('#name', { hasText: 'Edge Renamed' }).waitFor()

    await page.goto('/protected')
    expect(new URL(page.url()).pathname).toBe('/protected')
    expect(await page.locator('#server-name').textContent()).toBe('Edge Renamed')
    await context.close()
  })
})
