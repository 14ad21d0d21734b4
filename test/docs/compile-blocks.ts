/**
 * Type-checks the documentation's TypeScript blocks as an application would compile them: every block is a module
 * in a virtual folder of this repository (nothing is written to disk), and `gatehouse-auth/*` resolves by the package
 * name through `package.json#exports` to the built package (`dist/*.d.ts`, the `types` condition), as it does for an
 * installed copy. Blocks that name a file (`// auth.ts`) form one small project per section, so they can import each
 * other (`./auth`, or `@/auth` as in a Next.js app); a SvelteKit route's `./$types` is kit's generic types, as
 * `svelte-kit sync` would generate them.
 *
 * @module
 */
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import ts from 'typescript'
import { root, type CodeBlock } from './markdown-blocks.js'

/** Where the blocks live, virtually: inside the repository, so the package resolves itself by name. */
const VIRTUAL_ROOT = join(root, '.docs-code')

/** The compiler options of a strict application (what `create-next-app` and `sv create` set, strict on). */
export const docsCompilerOptions: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  moduleDetection: ts.ModuleDetectionKind.Force,
  jsx: ts.JsxEmit.ReactJSX,
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  isolatedModules: true,
  esModuleInterop: true,
  resolveJsonModule: true,
  types: ['node'],
}

/** A compiled block's problem, placed on the page. */
export interface DocsDiagnostic {
  page: string
  /** The 1-based line on the page. */
  line: number
  message: string
}

/** Where a block is compiled, and what the test reports for it. */
export interface PlacedBlock {
  block: CodeBlock
  /** The virtual file. */
  fileName: string
  /** The project folder of its section (what `@/` means). */
  projectDir: string
}

function pageDir(page: string): string {
  return page.replace(/\.md$/, '').replace(/[^\w/-]/g, '_')
}

/** The virtual file of each block; a section that names one file twice is an error. */
export function placeBlocks(blocks: readonly CodeBlock[]): PlacedBlock[] {
  const taken = new Map<string, CodeBlock>()
  return blocks.map((block) => {
    const projectDir = join(VIRTUAL_ROOT, pageDir(block.page), block.section || '_top')
    const ext = block.lang === 'tsx' ? 'tsx' : 'ts'
    const fileName = join(projectDir, block.file ?? `block-at-line-${block.line}.${ext}`)
    const other = taken.get(fileName)
    if (other)
      throw new Error(
        `${block.page}:${block.line}: the section "${block.section}" names ${block.file} twice (lines ${other.line} and ${block.line}); ` +
          'give it its own heading',
      )
    taken.set(fileName, block)
    return { block, fileName, projectDir }
  })
}

/** What `svelte-kit sync` writes into `./$types` for a route, as kit's generic types. */
const KIT_TYPES = `import type * as Kit from '@sveltejs/kit'
export type PageServerLoad = Kit.ServerLoad
export type LayoutServerLoad = Kit.ServerLoad
export type PageLoad = Kit.Load
export type LayoutLoad = Kit.Load
export type Actions = Kit.Actions
export type RequestHandler = Kit.RequestHandler
`

/** Type-checks the blocks together; returns every problem, placed on its page and line. */
export function compileBlocks(blocks: readonly CodeBlock[]): DocsDiagnostic[] {
  const placed = placeBlocks(blocks)
  const virtual = new Map<string, { text: string; block?: CodeBlock }>()
  for (const p of placed) virtual.set(p.fileName, { text: p.block.code, block: p.block })
  for (const p of placed) {
    if (/\/\+(page|layout)(\.server)?\.ts$|\/\+server\.ts$/.test(p.fileName))
      virtual.set(join(dirname(p.fileName), '$types.d.ts'), { text: KIT_TYPES })
  }
  const virtualDirs = new Set<string>()
  for (const name of virtual.keys()) {
    for (let dir = dirname(name); dir.startsWith(VIRTUAL_ROOT); dir = dirname(dir)) virtualDirs.add(dir)
  }
  const projectOf = new Map(placed.map((p) => [p.fileName, p.projectDir]))

  const host = ts.createCompilerHost(docsCompilerOptions, true)
  const realGetSourceFile = host.getSourceFile.bind(host)
  host.fileExists = (name) => virtual.has(name) || ts.sys.fileExists(name)
  host.directoryExists = (name) => virtualDirs.has(name) || ts.sys.directoryExists(name)
  host.readFile = (name) => virtual.get(name)?.text ?? ts.sys.readFile(name)
  host.getSourceFile = (name, language, onError, create) => {
    const file = virtual.get(name)
    return file
      ? ts.createSourceFile(name, file.text, language, true)
      : realGetSourceFile(name, language, onError, create)
  }
  // `@/x` is the section's project root, as the `@/*` alias of a Next.js app.
  host.resolveModuleNameLiterals = (literals, containingFile, redirected, options) =>
    literals.map((literal) => {
      const project = projectOf.get(containingFile)
      const name =
        literal.text.startsWith('@/') && project !== undefined
          ? join(project, literal.text.slice(2))
          : literal.text
      return ts.resolveModuleName(name, containingFile, options, host, undefined, redirected)
    })

  const program = ts.createProgram({
    rootNames: placed.map((p) => p.fileName),
    options: docsCompilerOptions,
    host,
  })
  const diagnostics = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()]
  for (const p of placed) {
    const source = program.getSourceFile(p.fileName)
    if (source)
      diagnostics.push(...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source))
  }
  return diagnostics.map((d) => {
    const message = ts.flattenDiagnosticMessageText(d.messageText, '\n')
    const block = d.file ? virtual.get(d.file.fileName)?.block : undefined
    if (!d.file || !block) return { page: d.file?.fileName ?? '(options)', line: 0, message }
    const { line } = d.file.getLineAndCharacterOfPosition(d.start ?? 0)
    return { page: block.page, line: block.line + 1 + line, message: `TS${d.code}: ${message}` }
  })
}

/** Whether `dist/` holds a build to check against (`npm ci` and `npm run build` make it). */
export function haveBuild(): boolean {
  return existsSync(join(root, 'dist/index.d.ts'))
}
