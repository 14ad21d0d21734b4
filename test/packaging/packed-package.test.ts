/**
 * The package as npm would publish it: `dist/` when it is current, else built into a scratch folder (never into
 * `dist/`, which other suites may be reading), packed with `npm pack`, checked with publint and Are the Types Wrong
 * (every entry point resolves for `node16` ESM and `bundler`), installed into a scratch application under its own
 * name and as `@auth/core` (an npm alias), where every entry point is imported and the augmentation fixtures are
 * compiled.
 */
import { execFile } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { publint } from 'publint'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const root = fileURLToPath(new URL('../../', import.meta.url))
const bin = (name: string) => join(root, 'node_modules/.bin', name)
const fixtures = join(root, 'test/fixtures/authjs-augmentation')
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  exports: Record<string, unknown>
  peerDependencies: Record<string, string>
}

/** Entry points, `./providers/*` expanded to the provider modules it reaches. */
function entryPoints(providerModules: string[]): string[] {
  const exact = Object.entries(pkg.exports)
    .filter(([key, target]) => target !== null && !key.includes('*') && key !== './package.json')
    .map(([key]) => key)
  const providers = providerModules
    .map((m) => `./providers/${m}`)
    .filter((subpath) => pkg.exports[subpath] !== null)
  return [...exact, ...providers]
}

/**
 * Whether `dist/` was built after the last change to `src/` (as in CI, where `npm ci` builds it just before the
 * tests): then it is packed as it is; otherwise the sources are built into the scratch folder, `dist/` untouched.
 */
function distIsCurrent(): boolean {
  const built = join(root, 'dist/index.js')
  if (!existsSync(built)) return false
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
    )
  const buildInputs = files(join(root, 'src')).filter((file) => !file.endsWith('.test.ts'))
  const newest = Math.max(...buildInputs.map((file) => statSync(file).mtimeMs))
  return newest < statSync(built).mtimeMs
}

let scratch: string
let tarball: string
let app: string
let entries: string[]

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'gatehouse-pack-'))
  const staging = join(scratch, 'package')
  if (distIsCurrent()) cpSync(join(root, 'dist'), join(staging, 'dist'), { recursive: true })
  else {
    const build = ['-p', join(root, 'tsconfig.build.json'), '--outDir', join(staging, 'dist')]
    await run(bin('tsc'), build, { cwd: root })
  }
  cpSync(join(root, 'package.json'), join(staging, 'package.json'))
  cpSync(join(root, 'README.md'), join(staging, 'README.md'))
  cpSync(join(root, 'src'), join(staging, 'src'), { recursive: true })
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', scratch], {
    cwd: staging,
  })
  tarball = join(scratch, (JSON.parse(stdout) as Array<{ filename: string }>)[0]!.filename)
  entries = entryPoints(
    readdirSync(join(staging, 'dist/providers'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => f.slice(0, -'.js'.length)),
  )

  app = join(scratch, 'app')
  mkdirSync(app)
  const dependencies = { 'gatehouse-auth': `file:${tarball}`, '@auth/core': `file:${tarball}` }
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'scratch', type: 'module', dependencies }))
  // The dependencies come from npm's cache (filled by `npm ci`); only what the package declares is installed.
  await run('npm', ['install', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund'], {
    cwd: app,
  })
  // The optional peers and the types an application would have, as this repository installed them.
  for (const peer of [...Object.keys(pkg.peerDependencies), '@types/react', '@types/node']) {
    mkdirSync(dirname(join(app, 'node_modules', peer)), { recursive: true })
    symlinkSync(join(root, 'node_modules', peer), join(app, 'node_modules', peer), 'dir')
  }
}, 600_000)

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true })
})

describe('the packed package', () => {
  it('passes publint without errors or warnings', async () => {
    const { messages } = await publint({
      pkgDir: join(scratch, 'package'),
      pack: 'npm',
      strict: true,
    })
    expect(messages.filter((m) => m.type !== 'suggestion')).toEqual([])
  }, 120_000)

  it('resolves every entry point for node16 ESM and bundler (Are the Types Wrong)', async () => {
    const include = entries.filter((e) => e.startsWith('./providers/'))
    const result = await run(
      bin('attw'),
      [tarball, '--profile', 'esm-only', '--format', 'json', '--include-entrypoints', ...include],
      { maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: { stdout: string }) => error)
    const { analysis } = JSON.parse(result.stdout) as {
      analysis: { entrypoints: Record<string, unknown>; problems: Array<{ resolutionKind?: string }> }
    }
    // attw lists the `./providers/*` pattern itself as well; the modules it reaches are included by name.
    const checked = Object.keys(analysis.entrypoints).filter((e) => !e.includes('*'))
    expect(checked.sort()).toEqual([...entries, './package.json'].sort())
    const relevant = analysis.problems.filter(
      (p) => p.resolutionKind !== 'node10' && p.resolutionKind !== 'node16-cjs',
    )
    expect(relevant).toEqual([])
  }, 180_000)

  it('imports every entry point installed under its name and as @auth/core', async () => {
    const script = `
      const failed = []
      for (const name of ['gatehouse-auth', '@auth/core'])
        for (const entry of ${JSON.stringify(entries)})
          try { await import(name + entry.slice(1)) } catch (e) { failed.push(name + entry.slice(1) + ': ' + e.message) }
      console.log(JSON.stringify(failed))`
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: app })
    expect(entries.length).toBeGreaterThan(100)
    expect(JSON.parse(stdout)).toEqual([])
  }, 60_000)

  it.each([
    ['authjs-alias.ts', 'NodeNext'],
    ['authjs-alias.ts', 'Bundler'],
    ['gatehouse-names.ts', 'NodeNext'],
    ['gatehouse-names.ts', 'Bundler'],
  ])(
    'compiles %s (Session, User and JWT augmented) with %s resolution',
    async (fixture, resolution) => {
      cpSync(join(fixtures, fixture), join(app, fixture))
      const tsconfig = join(app, `tsconfig.${fixture}.${resolution}.json`)
      const compilerOptions = {
        target: 'ES2022',
        lib: ['ES2023', 'DOM', 'DOM.Iterable'],
        module: resolution === 'NodeNext' ? 'NodeNext' : 'ESNext',
        moduleResolution: resolution,
        strict: true,
        exactOptionalPropertyTypes: true,
        skipLibCheck: true,
        noEmit: true,
        types: ['node'],
      }
      // One fixture a program: both name the same package, which TypeScript would otherwise share between them.
      writeFileSync(tsconfig, JSON.stringify({ compilerOptions, files: [fixture] }))
      const result = await run(bin('tsc'), ['-p', tsconfig], { cwd: app }).catch(
        (error: { stdout: string }) => error,
      )
      expect(result.stdout).toBe('')
    },
    60_000,
  )
})
