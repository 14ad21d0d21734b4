import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { readImportGraph } from './import-graph.js'

const root = fileURLToPath(new URL('../../src', import.meta.url))

/** The provider kinds (`ProviderType`): a comparison of a `type` with one of these is a kind test. */
const kinds = new Set(['oauth', 'oidc', 'email', 'credentials', 'webauthn'])

/**
 * Where a `type` compared with a kind is not a provider's kind, or is read where no flow can be asked, and why.
 * Keyed by the file and the test's text; a new entry needs a reason a reviewer accepts.
 */
const notProviderKinds: Record<string, string> = {
  // An adapter's stored accounts carry the kind that created them (Auth.js's `AdapterAccount.type`): data, not a
  // provider of the configuration.
  "adapters/memory.ts: account.type === 'webauthn'": 'a stored account',
  "passkeys/delete-passkey.ts: a.type !== 'webauthn'": 'a stored account',
  // The OAuth flow's own client: it only ever holds OAuth and OIDC providers, and tells OIDC from plain OAuth 2.
  "oauth-client/normalize-provider.ts: config.type === 'oidc'": 'inside the OAuth kind',
  "oauth-client/oauth-runtime.ts: provider.type === 'oauth'": 'inside the OAuth kind',
  // Browser code has Auth.js's `/providers` JSON only, where `type` is the wire's (as in next-auth's `signIn`).
  "client/sign-in.ts: found.type === 'webauthn'": 'browser, wire data',
  "client/sign-in.ts: found.type === 'credentials'": 'browser, wire data',
}

/** Every comparison `x.type === 'kind'` (or `!==`, `==`, `!=`, either side) and `case 'kind'` of `switch (x.type)`. */
export function kindTests(path: string, text: string): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const isTypeRead = (node: ts.Node) =>
    (ts.isPropertyAccessExpression(node) && node.name.text === 'type') ||
    (ts.isElementAccessExpression(node) &&
      ts.isStringLiteral(node.argumentExpression) &&
      node.argumentExpression.text === 'type')
  const isKind = (node: ts.Node) => ts.isStringLiteralLike(node) && kinds.has(node.text)
  const equality = new Set([
    ts.SyntaxKind.EqualsEqualsEqualsToken,
    ts.SyntaxKind.ExclamationEqualsEqualsToken,
    ts.SyntaxKind.EqualsEqualsToken,
    ts.SyntaxKind.ExclamationEqualsToken,
  ])
  const visit = (node: ts.Node): void => {
    if (
      ts.isBinaryExpression(node) &&
      equality.has(node.operatorToken.kind) &&
      ((isTypeRead(node.left) && isKind(node.right)) || (isKind(node.left) && isTypeRead(node.right)))
    )
      found.push(node.getText(source))
    if (ts.isSwitchStatement(node) && isTypeRead(node.expression))
      for (const clause of node.caseBlock.clauses)
        if (ts.isCaseClause(clause) && isKind(clause.expression))
          found.push(`switch (${node.expression.getText(source)}) case ${clause.expression.getText(source)}`)
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('provider kinds are tested in their own folder only', () => {
  const all = readImportGraph(root).files.flatMap((path) =>
    kindTests(path, readFileSync(`${root}/${path}`, 'utf8')).map((test) => `${path}: ${test}`),
  )

  it('finds no provider-kind test outside flows/', () => {
    expect(all.length).toBeGreaterThan(0)
    expect(all.filter((test) => !test.startsWith('flows/') && !(test in notProviderKinds))).toEqual([])
  })

  it('finds each kind tested inside flows/ in its own folder only', () => {
    const folderOf: Record<string, string> = { oidc: 'oauth' }
    const misplaced = all.filter((test) => {
      if (!test.startsWith('flows/')) return false
      const kind = /'(\w+)'/.exec(test.slice(test.indexOf(': ')))?.[1] ?? ''
      return !test.startsWith(`flows/${folderOf[kind] ?? kind}/`)
    })
    expect(misplaced).toEqual([])
  })

  it('lists no exception that is gone', () => {
    expect(Object.keys(notProviderKinds).filter((entry) => !all.includes(entry))).toEqual([])
  })

  it('finds every form of a kind test', () => {
    const text = `
      if (provider.type === 'oauth') a()
      if ('credentials' !== p.type) b()
      if (p['type'] == 'email') c()
      switch (provider.type) { case 'webauthn': break; case 'other': break }
      if (input.type === 'password') d()
      if (kind === 'oidc') e()`
    expect(kindTests('x.ts', text)).toEqual([
      "provider.type === 'oauth'",
      "'credentials' !== p.type",
      "p['type'] == 'email'",
      "switch (provider.type) case 'webauthn'",
    ])
  })
})
