/**
 * The drivers are optional peer dependencies: without the one a database URL needs, `gatehouse-auth migrate` says which
 * package to install. Each case runs the CLI in a child process whose module resolution cannot find that driver
 * (a resolve hook answers as Node does for a package that is not installed), while the other drivers still load.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { importDriver } from '../../src/cli/import-driver.js'

/** A `--import` module that registers a resolve hook hiding `driver`, as if it were not in node_modules. */
function hide(driver: string): string {
  const hook = `export async function resolve(specifier, context, next) {
    if (specifier === ${JSON.stringify(driver)} || specifier.startsWith(${JSON.stringify(`${driver}/`)})) {
      const error = new Error("Cannot find package '" + specifier + "' imported from " + context.parentURL)
      error.code = 'ERR_MODULE_NOT_FOUND'
      throw error
    }
    return next(specifier, context)
  }`
  const register = `import { register } from 'node:module'
register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)})`
  return `data:text/javascript,${encodeURIComponent(register)}`
}

async function migrateWithout(driver: string, url: string) {
  const args = ['--conditions=gatehouse-source', '--import', 'tsx', '--import', hide(driver)]
  return promisify(execFile)(process.execPath, [...args, 'src/cli/main.ts', 'migrate', '--database', url], {
    cwd: process.cwd(),
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  )
}

describe('a missing database driver', () => {
  it.each([
    ['pg', 'postgres://127.0.0.1:1/none'],
    ['mysql2', 'mysql://127.0.0.1:1/none'],
    ['better-sqlite3', 'file:./never-created.db'],
  ])('%s: the CLI names the package to install and touches nothing', async (driver, url) => {
    const run = await migrateWithout(driver, url)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(
      `needs the "${driver}" driver, which is not installed: npm install ${driver}`,
    )
    expect(run.stdout).toBe('')
  })

  it('passes other failures on unchanged, and a driver that loads is returned', async () => {
    const broken = new Error('was compiled against a different Node.js version')
    await expect(importDriver('better-sqlite3', () => Promise.reject(broken))).rejects.toBe(broken)
    const other = Object.assign(new Error("Cannot find package 'bindings'"), { code: 'ERR_MODULE_NOT_FOUND' })
    await expect(importDriver('better-sqlite3', () => Promise.reject(other))).rejects.toBe(other)
    await expect(importDriver('pg', () => Promise.resolve('the module'))).resolves.toBe('the module')
  })
})
