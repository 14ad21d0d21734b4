/**
 * `npx tsx --conditions=gatehouse-source bench/password-sign-in.ts`: what a password sign-in costs. One argon2id
 * verify at OWASP's parameters (19 MiB, 2 passes, parallelism 1), timed alone; then password sign-ins
 * (`POST /auth/callback/password`, right password, JWT sessions, memory adapter) through `Auth()` in this process,
 * `BENCH_CONCURRENCY` (default 2) in flight for `BENCH_SECONDS` (default 5). Reports numbers; asserts nothing.
 * Better Auth's e-mail sign-in is not measured here (issue #23's comparison is not done).
 *
 * @module
 */
import { verify } from '@node-rs/argon2'
import { MemoryAdapter } from 'gatehouse-auth/adapters/memory'
import { Auth } from 'gatehouse-auth'
import Nodemailer from 'gatehouse-auth/providers/nodemailer'
import Password from 'gatehouse-auth/providers/password'
import { argon2Hasher } from '../src/passwords/argon2-hasher.js'

const concurrency = Math.max(1, Number(process.env['BENCH_CONCURRENCY'] ?? '2') || 2)
const seconds = Math.max(1, Number(process.env['BENCH_SECONDS'] ?? '5') || 5)
const PASSWORD = 'correct horse battery staple'

const hasher = argon2Hasher()
const stored = await hasher.hash(PASSWORD)
const times: number[] = []
for (let i = 0; i < 25; i++) {
  const started = performance.now()
  if (!(await verify(stored, PASSWORD))) throw new Error('verify failed')
  times.push(performance.now() - started)
}
times.sort((a, b) => a - b)
console.log(
  `argon2id verify (${stored.split('$')[3]}): median ${times[12]!.toFixed(1)} ms, p90 ${times[22]!.toFixed(1)} ms`,
)

const adapter = MemoryAdapter()
const user = await adapter.createUser({
  id: crypto.randomUUID(),
  email: 'bench@example.com',
  emailVerified: new Date(),
})
await adapter.setPasswordHash(user.id, stored)
const config = {
  secret: 'a-benchmark-secret-of-at-least-32-characters!',
  trustHost: true,
  adapter,
  logger: {
    warn() {},
    debug() {},
    error(e: Error) {
      console.error(e)
    },
  },
  providers: [Password({ sender: Nodemailer({ server: 'smtp://127.0.0.1:9', from: 'a@bench.test' }) })],
}
const csrf = await Auth(new Request('http://bench.test/auth/csrf'), config)
const cookie = csrf.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ')
const { csrfToken } = (await csrf.json()) as { csrfToken: string }
const body = new URLSearchParams({ csrfToken, email: 'bench@example.com', password: PASSWORD }).toString()
async function signIn(): Promise<void> {
  const res = await Auth(
    new Request('http://bench.test/auth/callback/password', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body,
    }),
    config,
  )
  if (res.status !== 302 || res.headers.get('location') !== 'http://bench.test/')
    throw new Error(`sign-in answered ${res.status}`)
}
await signIn()
let done = 0
const until = performance.now() + seconds * 1000
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (performance.now() < until) {
      await signIn()
      done++
    }
  }),
)
console.log(
  `password sign-in: ${(done / seconds).toFixed(1)} sign-ins/s with ${concurrency} in flight for ${seconds} s (${done} in all)`,
)
