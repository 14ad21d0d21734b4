/**
 * The configuration options as the compiler sees them: the keys of `AuthConfig` (`src/types.ts`), and one level
 * below for options that are objects of options themselves (`session.maxAge`, `pages.signIn`, `theme.logo`, …).
 * An object whose members are declared elsewhere (the `adapter`, which has its own page) is not descended into.
 *
 * @module
 */
import { join } from 'node:path'
import ts from 'typescript'
import { root } from './markdown-blocks.js'

/** One option: `session`, or `session.maxAge`; computed keys as `[customFetch]`. */
export interface ConfigOption {
  path: string
  parent: string | undefined
  name: string
}

function nameOf(symbol: ts.Symbol, checker: ts.TypeChecker): string {
  const declaration = symbol.declarations?.[0]
  if (declaration && ts.isPropertySignature(declaration) && ts.isComputedPropertyName(declaration.name)) {
    return `[${declaration.name.expression.getText()}]`
  }
  return checker.symbolToString(symbol)
}

/** Every option of `AuthConfig`, with the nested ones of its option objects. */
export function configOptions(): ConfigOption[] {
  const typesFile = join(root, 'src/types.ts')
  const program = ts.createProgram([typesFile], {
    strict: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    customConditions: ['gatehouse-source'],
    noEmit: true,
    skipLibCheck: true,
  })
  const checker = program.getTypeChecker()
  const source = program.getSourceFile(typesFile)!
  const config = source.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'AuthConfig',
  )
  if (!config) throw new Error('src/types.ts has no interface AuthConfig')
  const options: ConfigOption[] = []
  for (const member of checker.getPropertiesOfType(checker.getTypeAtLocation(config))) {
    const name = nameOf(member, checker)
    options.push({ path: name, parent: undefined, name })
    const type = checker.getNonNullableType(checker.getTypeOfSymbol(member))
    if (checker.isArrayType(type) || type.getCallSignatures().length > 0) continue
    const nested = checker.getPropertiesOfType(type)
    // Only objects of options declared with the configuration; the adapter's methods are its own page's.
    const ownDeclarations = nested.every((n) =>
      n.declarations?.every((d) => d.getSourceFile().fileName === typesFile),
    )
    if (nested.length === 0 || !ownDeclarations || type.flags & ts.TypeFlags.ESSymbolLike) continue
    for (const child of nested) {
      const childName = nameOf(child, checker)
      options.push({ path: `${name}.${childName}`, parent: name, name: childName })
    }
  }
  return options
}
