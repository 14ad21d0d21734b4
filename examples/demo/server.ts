/**
 * The demo that `npm start` runs: `tsx examples/demo/server.ts`. PORT (default 3000) and DEMO_DATA_DIR (where a
 * generated development secret is kept) come from the environment, as does AUTH_SECRET.
 *
 * @module
 */
import { realpathSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { DemoConfigError } from './demo-config-error.js'
import { startDemo } from './start-demo.js'

export { startDemo, type RunningDemo, type StartDemoOptions } from './start-demo.js'

function portFrom(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 3000
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new DemoConfigError(`Gatehouse demo: PORT must be a whole number from 0 to 65535, not "${value}".`)
  }
  return port
}

async function main(): Promise<void> {
  const port = portFrom(process.env.PORT)
  let demo
  try {
    demo = await startDemo({ port, dataDir: process.env.DEMO_DATA_DIR || undefined, env: process.env })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error
    throw new DemoConfigError(
      `Gatehouse demo: port ${port} is already in use. Start it with another, e.g. PORT=3001.`,
    )
  }
  console.log(`Gatehouse demo listening on ${demo.url}`)
  const stop = () => {
    demo.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      },
    )
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

function isEntryPoint(): boolean {
  const entry = process.argv[1]
  if (entry === undefined) return false
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url))
  } catch {
    return false
  }
}

// Tests import this file for `startDemo`; only running it directly starts a server.
if (isEntryPoint()) {
  main().catch((error: unknown) => {
    if (error instanceof DemoConfigError) process.stderr.write(`${error.message}\n`)
    else console.error(error)
    process.exitCode = 1
  })
}
