import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { cycles, folderCycles, mutualFolderPairs, readImportGraph } from './import-graph.js'

const root = fileURLToPath(new URL('../../src', import.meta.url))
const graph = readImportGraph(root)
const runtimeEdges = graph.edges.filter((edge) => edge.runtime)

/**
 * Whether a module runs code: a function or class anywhere in it, or an import that survives compilation. A leaf of
 * declarations (types, interfaces, constant data such as the action list or the option symbols) does not, so
 * importing it can never pull an implementation, or a cycle, in behind it.
 */
const isImplementation = (path: string): boolean => {
  const text = readFileSync(`${root}/${path}`, 'utf8')
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true)
  let runs = false
  const visit = (node: ts.Node): void => {
    if (
      ts.isFunctionLike(node) &&
      !ts.isFunctionTypeNode(node) &&
      !ts.isMethodSignature(node) &&
      !ts.isCallSignatureDeclaration(node) &&
      !ts.isConstructSignatureDeclaration(node) &&
      !ts.isConstructorTypeNode(node) &&
      !ts.isIndexSignatureDeclaration(node)
    )
      runs = true
    else if (ts.isClassLike(node)) runs = true
    else if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) runs = true
    else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) runs = true
    if (!runs) ts.forEachChild(node, visit)
  }
  visit(source)
  return runs
}

describe('the import graph of src/', () => {
  it('reads the modules and their imports', () => {
    // A reader that found nothing would pass every rule below.
    expect(graph.files.length).toBeGreaterThan(300)
    expect(runtimeEdges.length).toBeGreaterThan(400)
    expect(graph.edges.some((edge) => !edge.runtime)).toBe(true)
  })

  it('has no runtime import cycle between files', () => {
    expect(cycles(graph.files, runtimeEdges)).toEqual([])
  })

  it('has no pair of top-level folders importing each other at runtime', () => {
    expect(mutualFolderPairs(runtimeEdges)).toEqual([])
  })

  it('has no longer runtime loop between top-level folders either', () => {
    expect(folderCycles(graph.files, runtimeEdges)).toEqual([])
  })

  it('has types.ts import declarations only, never an implementation module', () => {
    const imported = graph.edges.filter((edge) => edge.from === 'types.ts').map((edge) => edge.to)
    expect(imported.length).toBeGreaterThan(0)
    expect(imported.filter(isImplementation)).toEqual([])
  })
})

describe('the rules above catch what they are for', () => {
  const file = (from: string, to: string, runtime = true) => ({ from, to, runtime })

  it('finds a runtime cycle, and not one closed by a type-only import', () => {
    const files = ['a/x.ts', 'b/y.ts', 'b/z.ts']
    expect(
      cycles(files, [file('a/x.ts', 'b/y.ts'), file('b/y.ts', 'b/z.ts'), file('b/z.ts', 'a/x.ts')]),
    ).toEqual([['a/x.ts', 'b/y.ts', 'b/z.ts']])
    const typeOnly = [file('a/x.ts', 'b/y.ts'), file('b/y.ts', 'a/x.ts', false)]
    expect(
      cycles(
        files,
        typeOnly.filter((edge) => edge.runtime),
      ),
    ).toEqual([])
  })

  it('finds two folders importing each other with no file cycle', () => {
    expect(mutualFolderPairs([file('a/x.ts', 'b/y.ts'), file('b/z.ts', 'a/w.ts')])).toHaveLength(1)
    expect(mutualFolderPairs([file('a/x.ts', 'b/y.ts'), file('b/z.ts', 'a/w.ts', false)])).toEqual([])
  })

  it('finds a loop of three folders, naming its file edges', () => {
    const files = ['a/x.ts', 'b/y.ts', 'c/z.ts', 'root.ts']
    const loop = [file('a/x.ts', 'b/y.ts'), file('b/y.ts', 'c/z.ts'), file('c/z.ts', 'a/x.ts')]
    expect(mutualFolderPairs(loop)).toEqual([])
    expect(folderCycles(files, loop)).toEqual([
      ['a', 'b', 'c', 'a/x.ts → b/y.ts', 'b/y.ts → c/z.ts', 'c/z.ts → a/x.ts'],
    ])
    expect(folderCycles(files, [...loop.slice(0, 2), file('c/z.ts', 'root.ts')])).toEqual([])
  })

  it('tells implementation modules from declaration leaves', () => {
    expect(isImplementation('cookies/serialize-cookie.ts')).toBe(true)
    expect(isImplementation('symbols.ts')).toBe(false)
    expect(isImplementation('adapters/adapter.ts')).toBe(false)
  })
})
