/**
 * `BENCH_PASSWORD=1 npm run bench` (or `npx tsx --conditions=gatehouse-source bench/password-sign-in.ts`): what a
 * password sign-in costs, beside Better Auth's e-mail sign-in on the same machine, in the same process.
 *
 * First each one's hash verify alone: Gatehouse's argon2id at OWASP's parameters (19 MiB, 2 passes, parallelism 1)
 * and Better Auth's own `verifyPassword` (scrypt, its fixed parameters), on the hash each stored. Then sign-ins with
 * the right password through each handler: Gatehouse's `POST /auth/callback/password` through `Auth()`, Better
 * Auth's `POST /api/auth/sign-in/email` through `auth.handler`, each over its own in-memory SQLite database through
 * better-sqlite3 and each writing a database session, `BENCH_CONCURRENCY` (default 2) in flight. The rounds
 * alternate between the two (A B, B A, …), `BENCH_ROUNDS` (default 6) of them, each side timed for `BENCH_SECONDS`
 * (default 10) in all. Reports numbers; asserts nothing.
 *
 * @module
 */
import Database from 'better-sqlite3'
import { verify } from '@node-rs/argon2'
import { Auth } from 'gatehouse-auth'
import { SQLiteAdapter, migrate } from 'gatehouse-auth/adapters/sqlite'
import Nodemailer from 'gatehouse-auth/providers/nodemailer'
import Password from 'gatehouse-auth/providers/password'
import { argon2Hasher } from '../src/passwords/argon2-hasher.js'
import { betterAuthSignIn } from './better-auth-sign-in.js'
import { compare, median } from './measure.js'
import type { Measurement, Operation } from './measure.js'

const concurrency = Math.max(1, Math.floor(Number(process.env['BENCH_CONCURRENCY'] ?? '2')) || 2)
const seconds = Math.max(1, Number(process.env['BENCH_SECONDS'] ?? '10') || 10)
const rounds = Math.max(2, Math.floor(Number(process.env['BENCH_ROUNDS'] ?? '6')) || 6)
const EMAIL = 'bench@example.com'
const PASSWORD = 'correct horse battery staple'
const ORIGIN = 'http://bench.test'
/**
 * Better Auth's scrypt parameters, as its pinned version sets them on Node (`@better-auth/utils`, the `node` export
 * of `./password`: N 16384, r 16, p 1, a 64-byte key, a 16-byte random salt; memory 128·N·r). Its stored hash is
 * `salt:key` in hex and carries no parameters, so they cannot be read back from it.
 */
const BETTER_AUTH_SCRYPT = 'N=16384, r=16, p=1, 32 MiB'

/** Runs `fn` one at a time `times` times; the median and p90 in milliseconds. */
async function timeEach(fn: Operation, times: number): Promise<{ median: number; p90: number }> {
  const took: number[] = []
  for (let i = 0; i < times; i++) {
    const started = performance.now()
    await fn()
    took.push(performance.now() - started)
  }
  took.sort((a, b) => a - b)
  return { median: median(took), p90: took[Math.floor(times * 0.9)]! }
}

/** Gatehouse with one verified user on SQLite, database sessions; checks that signing in works. */
async function gatehouseSignIn(): Promise<{ signIn: Operation; verify: Operation; parameters: string }> {
  const database = new Database(':memory:')
  await migrate(database)
  const adapter = SQLiteAdapter(database)
  const stored = await argon2Hasher().hash(PASSWORD)
  const user = await adapter.createUser({ id: crypto.randomUUID(), email: EMAIL, emailVerified: new Date() })
  await adapter.setPasswordHash(user.id, stored)
  const config = {
    secret: 'a-benchmark-secret-of-at-least-32-characters!',
    trustHost: true,
    adapter,
    session: { strategy: 'database' as const },
    logger: {
      warn() {},
      debug() {},
      error(e: Error) {
        console.error(e)
      },
    },
    // Sign-in never sends mail; the provider needs a sender all the same.
    providers: [Password({ sender: Nodemailer({ server: 'smtp://127.0.0.1:9', from: 'a@bench.test' }) })],
  }
  const csrf = await Auth(new Request(`${ORIGIN}/auth/csrf`), config)
  const cookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const { csrfToken } = (await csrf.json()) as { csrfToken: string }
  const body = new URLSearchParams({ csrfToken, email: EMAIL, password: PASSWORD }).toString()
  async function signIn(): Promise<void> {
    const res = await Auth(
      new Request(`${ORIGIN}/auth/callback/password`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, origin: ORIGIN },
        body,
      }),
      config,
    )
    const session = res.headers.getSetCookie().find((c) => c.startsWith('authjs.session-token='))
    await res.arrayBuffer()
    if (res.status !== 302 || res.headers.get('location') !== `${ORIGIN}/` || session === undefined)
      throw new Error(`Gatehouse sign-in answered ${res.status}`)
  }
  await signIn()
  return {
    signIn,
    async verify() {
      if (!(await verify(stored, PASSWORD))) throw new Error('argon2id verify failed')
    },
    // The PHC string's parameters, e.g. m=19456,t=2,p=1 (m in KiB).
    parameters: stored.split('$')[3]!,
  }
}

/** The memory of a PHC parameter string, `m` being KiB. */
const mebibytes = (parameters: string) => Number(/m=(\d+)/.exec(parameters)?.[1] ?? NaN) / 1024

const format = (m: Measurement) =>
  `${m.opsPerSec.toFixed(1)}/s (rounds ${Math.min(...m.samples).toFixed(1)}-${Math.max(...m.samples).toFixed(1)})`

const gatehouse = await gatehouseSignIn()
const better = await betterAuthSignIn(EMAIL, PASSWORD)

const ours = await timeEach(gatehouse.verify, 25)
const theirs = await timeEach(better.verify, 25)
console.log(
  `Password sign-in, Gatehouse vs Better Auth ${better.version}, node ${process.version}; ${concurrency} in flight, ` +
    `${rounds} interleaved rounds, ${seconds} s a side.`,
)
console.log(
  `  hash verify alone: Gatehouse argon2id (${gatehouse.parameters}, ${mebibytes(gatehouse.parameters)} MiB) median ${ours.median.toFixed(1)} ms, ` +
    `p90 ${ours.p90.toFixed(1)} ms; Better Auth scrypt (${BETTER_AUTH_SCRYPT}) median ` +
    `${theirs.median.toFixed(1)} ms, p90 ${theirs.p90.toFixed(1)} ms`,
)

const [g, b] = await compare(
  { name: 'Gatehouse', fn: gatehouse.signIn },
  { name: 'Better Auth', fn: better.signIn },
  { warmupMs: 500, runMs: (seconds * 1000) / rounds, rounds, concurrency },
)
const ratios = g.samples.map((rate, round) => rate / b.samples[round]!)
console.log(`  Gatehouse POST /auth/callback/password: ${format(g)}`)
console.log(`  Better Auth POST /api/auth/sign-in/email: ${format(b)}`)
console.log(
  `  ratio Gatehouse / Better Auth: ${median(ratios).toFixed(2)}x ` +
    `(rounds ${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)})`,
)
better.close()
