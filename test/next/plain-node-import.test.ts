/**
 * `gatehouse-auth/next` as published (`dist/`) loads in plain Node ESM, outside Next's bundler (a custom server, a test
 * runner): every `next/*` module it imports at the top must be resolvable by Node itself (`next/server.js`,
 * `next/headers.js`); `next/navigation`, which Next only accepts by its bare name, is imported when a server action
 * redirects.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, test } from 'vitest'

test('plain Node ESM imports the built gatehouse-auth/next', async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const m = await import('gatehouse-auth/next'); console.log(typeof m.NextAuth)",
    ],
    { cwd: new URL('../../', import.meta.url) },
  )
  expect(stdout.trim()).toBe('function')
})
