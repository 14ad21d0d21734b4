import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const run = promisify(execFile)
const cli = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { cwd: process.cwd() })

describe('gatehouse command line', () => {
  it('`secret` prints a new 32-byte base64url secret each time', async () => {
    const [a, b] = await Promise.all([cli('secret'), cli('secret')])
    for (const out of [a, b]) {
      expect(out.stdout.trim()).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(Buffer.from(out.stdout.trim(), 'base64url')).toHaveLength(32)
    }
    expect(a.stdout).not.toBe(b.stdout)
  })

  it('an unknown command exits 2 with the usage', async () => {
    await expect(cli('nonsense')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Usage:'),
    })
  })
})
