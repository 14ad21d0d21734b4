import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, test } from 'vitest'
import { startDemo } from '../../examples/demo/server.js'

const root = fileURLToPath(new URL('../../', import.meta.url))
const tempDirs: string[] = []

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'gatehouse-demo-'))
  tempDirs.push(dir)
  return dir
}

afterEach(async () => {
  await Promise.all(tempDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

/** The environment of this process without what would decide the outcome (Vitest sets NODE_ENV=test). */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env }
  for (const key of Object.keys(env)) {
    if (/^(AUTH_|NEXTAUTH_)/.test(key) || key === 'NODE_ENV' || key === 'PORT') delete env[key]
  }
  return { ...env, ...extra }
}

interface Run {
  code: number | null
  stdout: string
  stderr: string
  /** The address it printed, when it got as far as listening. */
  url: string | undefined
}

/**
 * Runs `examples/demo/server.ts` as `npm start` does and stops it (SIGTERM) once it says it listens, after
 * `whileListening` had its turn; resolves with what it printed and its exit code. `npm start` loads `gatehouse-auth/*`
 * from `dist/`; here the `gatehouse-source` condition loads `src/`, so the test needs no build.
 */
function runDemo(env: NodeJS.ProcessEnv, whileListening: (url: string) => Promise<void> = async () => {}) {
  return new Promise<Run>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--conditions=gatehouse-source', '--import', 'tsx', 'examples/demo/server.ts'],
      {
        cwd: root,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let stdout = ''
    let stderr = ''
    let url: string | undefined
    const timer = setTimeout(() => child.kill('SIGKILL'), 25_000)
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      const found = /listening on (http:\/\/\S+)/.exec(stdout)?.[1]
      if (found && url === undefined) {
        url = found
        whileListening(found).then(
          () => child.kill('SIGTERM'),
          (error: unknown) => {
            child.kill('SIGTERM')
            reject(error instanceof Error ? error : new Error(String(error)))
          },
        )
      }
    })
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr, url })
    })
  })
}

/** A GET with a chosen Host header, which `fetch` does not allow setting. */
function getWithHost(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (res) => {
      res.resume()
      resolve(res.statusCode ?? 0)
    })
    req.on('error', reject)
    req.end()
  })
}

describe('demo start-up', () => {
  test('in production without AUTH_SECRET it refuses to start, says how to fix it, and writes nothing', async () => {
    const dataDir = await tempDir()
    const run = await runDemo(cleanEnv({ NODE_ENV: 'production', PORT: '0', DEMO_DATA_DIR: dataDir }))
    expect(run.code).toBe(1)
    expect(run.url).toBeUndefined()
    expect(run.stderr).toContain('AUTH_SECRET is not set')
    expect(run.stderr).toContain('npx gatehouse-auth secret')
    // One clear paragraph, not a stack trace.
    expect(run.stderr).not.toMatch(/\n\s+at /)
    await expect(stat(join(dataDir, 'auth-secret'))).rejects.toThrow(/ENOENT/)
  })

  test('in development it generates a secret in the data dir, keeps it private, and reuses it', async () => {
    const dataDir = await tempDir()
    const env = cleanEnv({ PORT: '0', DEMO_DATA_DIR: dataDir })
    const first = await runDemo(env, async (url) => {
      expect((await fetch(`${url}/`)).status).toBe(200)
      // A sign-in, as a person's first one: it too must print no warning.
      const csrf = await fetch(`${url}/auth/csrf`)
      const cookie = csrf.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ')
      const { csrfToken } = (await csrf.json()) as { csrfToken: string }
      const signIn = await fetch(`${url}/auth/callback/credentials`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ csrfToken, email: 'alice@example.com', password: 'rabbit-hole-42' }),
      })
      expect(signIn.status).toBe(302)
      expect(signIn.headers.getSetCookie().some((c) => c.startsWith('authjs.session-token='))).toBe(true)
      // And the start of a Demo IdP sign-in, which makes the IdP build its provider (and, before it had its own
      // signing key, warn about development keys).
      const start = await fetch(`${url}/auth/signin/demo-idp`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ csrfToken }),
      })
      expect(start.status).toBe(302)
      const authorize = await fetch(start.headers.get('location')!, { redirect: 'manual' })
      expect(authorize.status).toBe(303)
    })
    // No warning on a normal start or sign-in (oidc-provider's "Unsupported runtime" on Node 20 included).
    expect(first.stderr).toBe('')
    expect(first.url).toMatch(/^http:\/\/localhost:\d+$/)
    expect(first.stdout).toContain('generated a development secret')
    const file = join(dataDir, 'auth-secret')
    const secret = (await readFile(file, 'utf8')).trim()
    expect(secret).toMatch(/^[\w-]{43}$/)
    expect((await stat(file)).mode & 0o777).toBe(0o600)

    const second = await runDemo(env)
    expect(second.stdout).toContain('reusing the development secret')
    expect((await readFile(file, 'utf8')).trim()).toBe(secret)
    // Two cold starts, each hashing the demo passwords with scrypt at OWASP's cost, while the browser suite may
    // hold the other core: well under this, but above the default 20 s on a busy two-core machine.
  }, 40_000)
})

describe('demo server', () => {
  test('answers only loopback Host headers (DNS rebinding, forged redirects)', async () => {
    const demo = await startDemo({
      port: 0,
      host: '127.0.0.1',
      dataDir: await tempDir(),
      env: {},
      log: () => {},
    })
    try {
      const { port } = new URL(demo.url)
      expect(await getWithHost(`${demo.url}/`, `localhost:${port}`)).toBe(200)
      expect(await getWithHost(`${demo.url}/`, `evil.example:${port}`)).toBe(400)
      expect(await getWithHost(`${demo.url}/auth/signin`, 'evil.example')).toBe(400)
    } finally {
      await demo.close()
    }
  })

  test('refuses to listen on an address that is not loopback', async () => {
    await expect(startDemo({ port: 0, host: '0.0.0.0', env: {}, log: () => {} })).rejects.toThrow(
      /only listens on loopback/,
    )
  })

  test('guards its pages: redirect to sign-in, no-store, CSP, 404, 405', async () => {
    const demo = await startDemo({
      port: 0,
      host: '127.0.0.1',
      dataDir: await tempDir(),
      env: {},
      log: () => {},
    })
    try {
      const protectedPage = await fetch(`${demo.url}/protected`, { redirect: 'manual' })
      expect(protectedPage.status).toBe(302)
      expect(protectedPage.headers.get('location')).toBe('/auth/signin?callbackUrl=/protected')

      const home = await fetch(`${demo.url}/`)
      expect(home.headers.get('cache-control')).toBe('no-store')
      expect(home.headers.get('content-security-policy')).toContain("default-src 'none'")
      expect(await home.text()).toContain('alice@example.com')

      expect((await fetch(`${demo.url}/nope`)).status).toBe(404)
      expect((await fetch(`${demo.url}/`, { method: 'POST' })).status).toBe(405)
    } finally {
      await demo.close()
    }
  })
})
