/**
 * Single use across instances: two processes, each with its own Redis connection and `RedisStore`, consume the
 * same 2 000 keys at the same time, each in its own random order; every key is won by exactly one of them.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { Redis } from 'ioredis'
import { afterAll, describe, expect, it } from 'vitest'
import { redisAvailable, REDIS_URL } from '../email/limit-redis-support.js'

const available = await redisAvailable()
const child = fileURLToPath(new URL('./consume-child.ts', import.meta.url))
const prefix = `gh-test:two-processes:${process.pid}:${crypto.randomUUID()}:`
const KEYS = 2000

interface Running {
  process: ChildProcess
  ready: Promise<void>
  answer: Promise<boolean[]>
}

function start(): Running {
  const proc = spawn(process.execPath, ['--import', 'tsx', child, REDIS_URL, prefix, String(KEYS)], {
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let output = ''
  let errors = ''
  proc.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()))
  const exited = new Promise<never>((_, reject) =>
    proc.once('exit', (code) => reject(new Error(`the child exited (${code}): ${errors}`))),
  )
  const lineWith = (test: (text: string) => boolean) =>
    Promise.race([
      new Promise<string>((resolve) => {
        const check = () => {
          const line = output.split('\n').find(test)
          if (line !== undefined) resolve(line)
        }
        proc.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString()
          check()
        })
      }),
      exited,
    ])
  return {
    process: proc,
    ready: lineWith((l) => l === 'ready').then(() => undefined),
    answer: lineWith((l) => l.startsWith('[')).then((l) => JSON.parse(l) as boolean[]),
  }
}

const children: Running[] = []
afterAll(async () => {
  for (const c of children) c.process.kill()
  if (!available) return
  const redis = new Redis(REDIS_URL)
  const keys = await redis.keys(`${prefix}*`)
  if (keys.length > 0) await redis.del(...keys)
  redis.disconnect()
})

describe.skipIf(!available)('consume from two processes sharing Redis', () => {
  it('every key is won by exactly one process', async () => {
    const [a, b] = [start(), start()]
    children.push(a, b)
    await Promise.all([a.ready, b.ready])
    a.process.stdin!.write('go\n')
    b.process.stdin!.write('go\n')
    const [wonA, wonB] = await Promise.all([a.answer, b.answer])
    expect(wonA).toHaveLength(KEYS)
    expect(wonB).toHaveLength(KEYS)
    for (let i = 0; i < KEYS; i++) expect(wonA[i] !== wonB[i], `key ${i}`).toBe(true)
    // The runs overlapped (else one process would have won every key, and nothing was raced).
    const [countA, countB] = [wonA.filter(Boolean).length, wonB.filter(Boolean).length]
    console.log(`two processes, ${KEYS} keys: A won ${countA}, B won ${countB}`)
    expect(Math.min(countA, countB)).toBeGreaterThan(0)
  }, 30_000)
})
