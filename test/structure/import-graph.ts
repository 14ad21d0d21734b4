import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'

/**
 * The import graph of `src/` as the emitted JavaScript will have it: an edge is `runtime` when the statement
 * survives compilation (under `verbatimModuleSyntax` that is every import or re-export not written `import type` /
 * `export type`, including `import { type A }`, which leaves `import {} from`), `type` otherwise. Dynamic `import()`
 * is not an edge: it runs after every module has loaded, so it cannot take part in a load-order cycle.
 */
export type ImportEdge = { from: string; to: string; runtime: boolean }

export type ImportGraph = { root: string; files: string[]; edges: ImportEdge[] }

const isSource = (name: string) =>
  name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts')

const listFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return listFiles(path)
    return isSource(name) ? [path] : []
  })

/** `./x.js` → `x.ts` or `x/index.ts`; `#crypto` → the Node backend (what the Node build loads); packages: none. */
const resolveSpecifier = (root: string, fromFile: string, specifier: string): string | undefined => {
  if (specifier === '#crypto') return join(root, 'crypto/node/node-crypto-backend.ts')
  if (!specifier.startsWith('.')) return undefined
  const base = resolve(dirname(fromFile), specifier)
  const candidates = [
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
    base,
    join(base, 'index.ts'),
  ]
  return candidates.find((path) => existsSync(path) && statSync(path).isFile())
}

const isRuntimeImport = (node: ts.ImportDeclaration): boolean => !node.importClause?.isTypeOnly

const isRuntimeExport = (node: ts.ExportDeclaration): boolean => !node.isTypeOnly

/** Reads every module of `root` (tests excluded) and its static imports and re-exports. */
export const readImportGraph = (root: string): ImportGraph => {
  const files = listFiles(root).sort()
  const edges: ImportEdge[] = []
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false)
    for (const statement of source.statements) {
      let specifier: ts.Expression | undefined
      let runtime = false
      if (ts.isImportDeclaration(statement)) {
        specifier = statement.moduleSpecifier
        runtime = isRuntimeImport(statement)
      } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
        specifier = statement.moduleSpecifier
        runtime = isRuntimeExport(statement)
      }
      if (!specifier || !ts.isStringLiteral(specifier)) continue
      const to = resolveSpecifier(root, file, specifier.text)
      if (to === undefined) continue
      edges.push({ from: relative(root, file), to: relative(root, to), runtime })
    }
  }
  return { root, files: files.map((file) => relative(root, file)), edges }
}

/** Tarjan's strongly connected components of the graph restricted to `edges`, largest first, singletons left out. */
export const cycles = (files: readonly string[], edges: readonly ImportEdge[]): string[][] => {
  const next = new Map<string, string[]>(files.map((file) => [file, []]))
  for (const edge of edges) next.get(edge.from)?.push(edge.to)
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const onStack = new Set<string>()
  const stack: string[] = []
  const components: string[][] = []
  let counter = 0
  const visit = (node: string): void => {
    index.set(node, counter)
    low.set(node, counter)
    counter += 1
    stack.push(node)
    onStack.add(node)
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to)
        low.set(node, Math.min(low.get(node)!, low.get(to)!))
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!))
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = []
      let member: string | undefined
      do {
        member = stack.pop()!
        onStack.delete(member)
        component.push(member)
      } while (member !== node)
      const selfLoop = next.get(node)?.includes(node) ?? false
      if (component.length > 1 || selfLoop) components.push(component.sort())
    }
  }
  for (const file of next.keys()) if (!index.has(file)) visit(file)
  return components.sort((a, b) => b.length - a.length)
}

/** The top-level folder of a `src/` path (a file at the root is its own unit). */
export const topFolder = (path: string): string => path.split('/')[0]!

/** Folder pairs that import each other at runtime, each with one file edge per direction as evidence. */
export const mutualFolderPairs = (edges: readonly ImportEdge[]): string[] => {
  const crossing = new Map<string, ImportEdge>()
  for (const edge of edges) {
    const from = topFolder(edge.from)
    const to = topFolder(edge.to)
    if (edge.runtime && from !== to && !crossing.has(`${from}→${to}`)) crossing.set(`${from}→${to}`, edge)
  }
  const pairs: string[] = []
  for (const [key, edge] of crossing) {
    const [from, to] = key.split('→') as [string, string]
    const back = crossing.get(`${to}→${from}`)
    if (back && from < to)
      pairs.push(`${from} ⇄ ${to} (${edge.from} → ${edge.to}; ${back.from} → ${back.to})`)
  }
  return pairs.sort()
}

/**
 * Cycles between top-level folders of `src/` through runtime imports (two folders importing each other, or a longer
 * loop of them), each with the file edges that close it, so a failure names the line to change.
 */
export const folderCycles = (files: readonly string[], edges: readonly ImportEdge[]): string[][] => {
  const crossing = edges.filter((edge) => edge.runtime && topFolder(edge.from) !== topFolder(edge.to))
  const folders = [...new Set(files.map(topFolder))]
  const folderEdges = crossing.map((edge) => ({
    from: topFolder(edge.from),
    to: topFolder(edge.to),
    runtime: true,
  }))
  return cycles(folders, folderEdges).map((component) => [
    ...component,
    ...crossing
      .filter((edge) => component.includes(topFolder(edge.from)) && component.includes(topFolder(edge.to)))
      .map((edge) => `${edge.from} → ${edge.to}`),
  ])
}
