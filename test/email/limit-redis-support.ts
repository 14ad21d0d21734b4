import { Redis } from 'ioredis'

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

/** Whether Redis answers: in CI (`CI` set) a missing server fails the file; elsewhere it is skipped loudly. */
export async function redisAvailable(): Promise<boolean> {
  const client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000 })
  try {
    await client.connect()
    await client.ping()
    return true
  } catch (error) {
    const text = `Redis at ${REDIS_URL} is unreachable (${String(error)})`
    if (process.env.CI) throw new Error(`${text}; CI requires it.`)
    console.warn(`\n!!! SKIPPING Redis tests: ${text}. Run \`bash scripts/prepare-test-env.sh\`.\n`)
    return false
  } finally {
    client.disconnect()
  }
}
