/**
 * `npx tsx bench/http-writes.ts`: how many `write` / `writev` / `sendmsg` system calls each plain server of the HTTP
 * benchmark (`http-server.mjs`, built package) makes per answer, counted by `strace -c` over 1,000 keep-alive
 * session checks: an answer should take one socket write where bare `node:http` takes one. Needs `strace`; run
 * `npm run -s build` first.
 *
 * @module
 */
import { spawn } from 'node:child_process'
import autocannon from 'autocannon'
import { serverEnv } from './server-env.js'
import { freshSessionToken } from './session-scenarios.js'
import { SESSION_COOKIE } from './create-bench-systems.js'

const answers = 1000
const cookie = `${SESSION_COOKIE}=${await freshSessionToken()}`
for (const server of ['bare', 'node', 'authjs', 'express', 'expressBare', 'hono', 'honoBare']) {
  const port = 30_000 + Math.floor(Math.random() * 20_000)
  const child = spawn(
    'strace',
    ['-f', '-c', '-e', 'trace=write,writev,sendmsg', process.execPath, 'bench/http-server.mjs', server],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: serverEnv(port),
    },
  )
  let summary = ''
  child.stderr.on('data', (chunk: Buffer) => (summary += chunk.toString()))
  await new Promise((resolve) => child.stdout.once('data', resolve))
  await autocannon({
    url: `http://127.0.0.1:${port}${server === 'bare' ? '/' : '/auth/session'}`,
    headers: { cookie },
    connections: 4,
    amount: answers,
  })
  await new Promise((resolve) => {
    child.once('exit', resolve)
    child.kill('SIGTERM')
  })
  // strace -c: "% time  seconds  usecs/call  calls  [errors]  syscall".
  const counts = summary
    .split('\n')
    .filter((line) => /\s(?:write|writev|sendmsg)$/.test(line))
    .map((line) => {
      const fields = line.trim().split(/\s+/)
      return `${fields.at(-1)} ${(Number(fields[3]) / answers).toFixed(2)}`
    })
  console.log(`${server.padEnd(12)} per answer: ${counts.join(', ')}`)
}
