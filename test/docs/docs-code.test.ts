/**
 * Every TypeScript block of README.md and docs/ compiles, as an application's code, against the built package
 * (`gatehouse-auth/*` through `package.json#exports`, the `dist/` types). Blocks marked as fragments are the
 * exception, each with its reason, and few. JSON blocks parse. The rules are in docs/README.md.
 */
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { compileBlocks, docsCompilerOptions, haveBuild } from './compile-blocks.js'
import { TS_LANGS, root, userDocs, type CodeBlock } from './markdown-blocks.js'

const pages = userDocs()
const blocks = pages.flatMap((p) => p.blocks)
const tsBlocks = blocks.filter((b) => TS_LANGS.has(b.lang))
const where = (b: CodeBlock) => `${b.page}:${b.line}`

/** Fragments allowed at most: a block that can be whole should be. */
const MAX_FRAGMENTS = 3

function block(code: string, file?: string, section = 'case'): CodeBlock {
  return { page: 'test.md', line: 1, lang: 'ts', code, section, file, fragment: undefined }
}

describe('the documentation code', () => {
  it('dist/ holds a build to check against (npm ci or npm run build makes it)', () => {
    expect(haveBuild(), 'dist/index.d.ts is missing: run `npm run build`').toBe(true)
  })

  it('has TypeScript blocks to check (the scan is not vacuous)', () => {
    expect(tsBlocks.length).toBeGreaterThan(25)
    for (const page of ['README.md', 'docs/frameworks/next.md', 'docs/frameworks/express.md']) {
      expect(
        tsBlocks.some((b) => b.page === page),
        page,
      ).toBe(true)
    }
  })

  it('resolves gatehouse-auth by its name through package.json#exports to the built types', () => {
    const from = join(root, '.docs-code/probe.ts')
    for (const [specifier, target] of [
      ['gatehouse-auth', 'dist/index.d.ts'],
      ['gatehouse-auth/next', 'dist/integrations/next/index.d.ts'],
      ['gatehouse-auth/providers/github', 'dist/providers/github.d.ts'],
    ] as const) {
      const resolved = ts.resolveModuleName(specifier, from, docsCompilerOptions, ts.sys).resolvedModule
      expect(resolved?.resolvedFileName, specifier).toBe(join(root, target))
    }
  })

  it('every TypeScript block compiles (fragments excepted)', () => {
    const problems = compileBlocks(tsBlocks.filter((b) => b.fragment === undefined)).map(
      (d) => `${d.page}:${d.line}: ${d.message}`,
    )
    expect(problems).toEqual([])
  }, 180_000)

  it('fragments say why, sit on TypeScript blocks, and are few', () => {
    const fragments = blocks.filter((b) => b.fragment !== undefined)
    for (const b of fragments) {
      expect(TS_LANGS.has(b.lang), `${where(b)}: a fragment marker on a ${b.lang} block`).toBe(true)
      expect(b.fragment!.trim().length, `${where(b)}: a fragment marker needs a reason`).toBeGreaterThan(10)
    }
    expect(fragments.map(where).length, `fragments: ${fragments.map(where).join(', ')}`).toBeLessThanOrEqual(
      MAX_FRAGMENTS,
    )
  })

  it('every JSON block parses', () => {
    for (const b of blocks.filter((x) => x.lang === 'json')) {
      expect(() => JSON.parse(b.code) as unknown, where(b)).not.toThrow()
    }
  })

  describe('the checker reports what an application would not compile', () => {
    it('a name used without its import (the old Next.js route handler), a misspelt option, an import of a file the section lacks, a subpath the package does not export', () => {
      const problems = compileBlocks([
        block(
          '// app/api/auth/[...nextauth]/route.ts\nexport const { GET, POST } = handlers\n',
          'route.ts',
          'a',
        ),
        block(
          "import { createAuth } from 'gatehouse-auth'\ncreateAuth({ providers: [], sesion: { maxAge: 60 } })\n",
          undefined,
          'b',
        ),
        block("import { auth } from '@/auth'\nexport { auth }\n", 'page.ts', 'c'),
        block(
          "import { resolveConfig } from 'gatehouse-auth/config/resolve-config'\nexport { resolveConfig }\n",
          undefined,
          'd',
        ),
      ])
      expect(problems.map((p) => `${p.line} ${p.message}`)).toEqual([
        expect.stringMatching(/^3 TS2552: Cannot find name 'handlers'/),
        expect.stringMatching(/^3 TS2561: .*'sesion' does not exist in type 'AuthConfig'/),
        expect.stringMatching(/^2 TS2307: Cannot find module '@\/auth'/),
        expect.stringMatching(/^2 TS2307: Cannot find module 'gatehouse-auth\/config\/resolve-config'/),
      ])
    }, 120_000)

    it('two blocks naming one file in one section', () => {
      expect(() => compileBlocks([block('export {}\n', 'auth.ts'), block('export {}\n', 'auth.ts')])).toThrow(
        /names auth\.ts twice/,
      )
    })
  })
})
