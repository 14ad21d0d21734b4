/**
 * Gatehouse instances as child processes (instance-child.ts) behind one public address, `http://app.test`, as a
 * load balancer would put them: a browser (a cookie jar) may send each request to any instance.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { CookieJar } from '../support/cookie-jar.js'

export const PUBLIC = 'http://app.test'
const child = fileURLToPath(new URL('./instance-child.ts', import.meta.url))

export interface Instance {
  name: string
  origin: string
  /** Every `mail <identifier> <url>` line so far. */
  mails: { identifier: string; url: string }[]
  stop(): Promise<void>
}

export async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const proc: ChildProcess = spawn(process.execPath, ['--import', 'tsx', child], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', process.env.LOG_ERRORS ? 'inherit' : 'pipe'],
  })
  const mails: Instance['mails'] = []
  let errors = ''
  proc.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()))
  const port = await new Promise<number>((resolve, reject) => {
    let buffered = ''
    proc.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString()
      let end: number
      while ((end = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, end)
        buffered = buffered.slice(end + 1)
        const [kind, a, b] = line.split(' ')
        if (kind === 'listening') resolve(Number(a))
        if (kind === 'mail') mails.push({ identifier: a!, url: b! })
      }
    })
    proc.once('exit', (code) => reject(new Error(`instance ${name} exited (${code}): ${errors}`)))
  })
  return {
    name,
    origin: `http://127.0.0.1:${port}`,
    mails,
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve()
        proc.once('exit', () => resolve())
        proc.kill('SIGTERM')
      }),
  }
}

/** What came back: status, Location, the session cookie's fate, the JSON body if any. */
export interface Answer {
  status: number
  location: string | null
  /** `set` (a new value), `cleared`, or `untouched`. */
  sessionCookie: 'set' | 'cleared' | 'untouched'
  body: unknown
}

export const SESSION = 'authjs.session-token'

/** HTTP requests sent by {@link send} in this process so far (CSRF fetches included). */
export const traffic = { requests: 0 }

/** One request of a browser to one instance; cookies through the jar, redirects not followed. */
export async function send(
  instance: Instance,
  jar: CookieJar,
  path: string,
  init: {
    method?: string
    form?: Record<string, string>
    json?: unknown
    headers?: Record<string, string>
  } = {},
): Promise<Answer> {
  const headers = new Headers(init.headers)
  const cookie = jar.header()
  if (cookie) headers.set('cookie', cookie)
  let body: string | undefined
  if (init.form) {
    headers.set('content-type', 'application/x-www-form-urlencoded')
    body = new URLSearchParams(init.form).toString()
  } else if (init.json !== undefined) {
    headers.set('content-type', 'application/json')
    body = JSON.stringify(init.json)
  }
  if (body !== undefined) headers.set('origin', PUBLIC)
  const url = path.startsWith(PUBLIC) ? instance.origin + path.slice(PUBLIC.length) : instance.origin + path
  traffic.requests++
  const response = await fetch(url, {
    method: init.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body: body ?? null,
    redirect: 'manual',
    signal: AbortSignal.timeout(15_000),
  })
  const before = jar.values.has(SESSION)
  const line = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION}=`))
  jar.take(response)
  const sessionCookie =
    line === undefined ? 'untouched' : jar.values.has(SESSION) ? 'set' : before ? 'cleared' : 'untouched'
  const text = await response.text()
  let parsed: unknown = text
  try {
    parsed = JSON.parse(text)
  } catch {
    // an HTML page
  }
  return { status: response.status, location: response.headers.get('location'), sessionCookie, body: parsed }
}

export async function csrf(instance: Instance, jar: CookieJar): Promise<string> {
  const answer = await send(instance, jar, '/auth/csrf')
  return (answer.body as { csrfToken: string }).csrfToken
}

/** A credentials sign-in as user `id`. */
export async function signIn(instance: Instance, jar: CookieJar, id: string): Promise<Answer> {
  return send(instance, jar, '/auth/callback/credentials', {
    form: { csrfToken: await csrf(instance, jar), username: id, callbackUrl: `${PUBLIC}/home` },
  })
}

export async function signOut(instance: Instance, jar: CookieJar): Promise<Answer> {
  return send(instance, jar, '/auth/signout', {
    form: { csrfToken: await csrf(instance, jar), callbackUrl: `${PUBLIC}/bye` },
  })
}

/** A jar holding only the session cookie of `jar`: a copy of the token, as a thief would keep it. */
export function copyOfSession(jar: CookieJar): CookieJar {
  const copy = new CookieJar()
  const value = jar.values.get(SESSION)
  if (value !== undefined) copy.values.set(SESSION, value)
  return copy
}

export { CookieJar }
