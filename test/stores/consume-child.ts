/**
 * One of two processes that use the same keys of one Redis at once (see consume-two-processes.test.ts): it connects,
 * says `ready`, waits for `go` on stdin, consumes every key (in an order of its own, 20 at a time, so the two
 * processes meet on keys all through the run), and prints which it won, as JSON indexed by key.
 */
import { createInterface } from 'node:readline'
import { Redis } from 'ioredis'
import { RedisStore } from '../../src/stores/redis-store.js'

const [url, prefix, count] = process.argv.slice(2) as [string, string, string]
const redis = new Redis(url)
const store = new RedisStore(redis, { prefix })
const order = Array.from({ length: Number(count) }, (_, i) => i)
for (let i = order.length - 1; i > 0; i--) {
  const j = Math.floor(Math.random() * (i + 1))
  ;[order[i], order[j]] = [order[j]!, order[i]!]
}
await redis.ping()
process.stdout.write('ready\n')
const lines = createInterface({ input: process.stdin })
for await (const line of lines) {
  if (line !== 'go') continue
  const won: boolean[] = []
  for (let start = 0; start < order.length; start += 20) {
    const batch = order.slice(start, start + 20)
    const answers = await Promise.all(batch.map((i) => store.consume(`webauthn:challenge:${i}`, 60_000)))
    batch.forEach((i, n) => (won[i] = answers[n]!))
  }
  process.stdout.write(`${JSON.stringify(won)}\n`)
  break
}
lines.close()
redis.disconnect()
