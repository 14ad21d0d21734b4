/**
 * The documentation holds together: every relative link reaches a file and every `#anchor` a heading of it; the
 * README's quick starts are the framework pages' own blocks, word for word; each framework page has a quick start
 * and says which environment variables it needs; the layout table of docs/development.md names every folder and
 * top-level file of `src/`.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parsePage, root, userDocs, type Page } from './markdown-blocks.js'

const pages = [...userDocs(), parsePage('SECURITY.md', readFileSync(join(root, 'SECURITY.md'), 'utf8'))]

/** Links that lead nowhere: a missing file, or an anchor its page does not have. */
export function brokenLinks(all: readonly Page[], fileExists: (path: string) => boolean): string[] {
  const byPath = new Map(all.map((p) => [p.path, p]))
  const broken: string[] = []
  for (const page of all) {
    for (const { target, line } of page.links) {
      if (/^[a-z][a-z+.-]*:/i.test(target)) continue // http:, mailto:, …
      const [path = '', anchor] = target.split('#')
      const file = path === '' ? page.path : normalize(join(dirname(page.path), decodeURI(path)))
      if (path !== '' && !fileExists(file)) {
        broken.push(`${page.path}:${line}: ${target} (no file ${file})`)
        continue
      }
      if (anchor === undefined || !file.endsWith('.md')) continue
      const linked = byPath.get(file) ?? parsePage(file, readFileSync(join(root, file), 'utf8'))
      if (!linked.headings.some((h) => h.anchor === anchor))
        broken.push(`${page.path}:${line}: ${target} (no heading #${anchor} in ${file})`)
    }
  }
  return broken
}

/** The `src/` folders and top-level files that the layout table does not name. */
export function unlistedInLayout(development: string, entries: readonly string[]): string[] {
  const lines = development.split('\n')
  const start = lines.findIndex((l) => l.startsWith('| Folder or file |'))
  const table = lines.slice(
    start,
    lines.findIndex((l, i) => i > start && !l.startsWith('|')),
  )
  const named = new Set(
    table.flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1]!)),
  )
  return entries.filter((e) => !named.has(e))
}

/** README blocks of the quick starts (everything after Install) that no framework page's quick start holds. */
export function quickStartsOffPage(readme: Page, all: readonly Page[]): string[] {
  const pageBlocks = all.filter((p) => FRAMEWORK_PAGES.includes(p.path)).flatMap((p) => p.blocks)
  return readme.blocks
    .filter((b) => b.section !== 'the-two-commands' && b.section !== 'install')
    .filter((b) => !pageBlocks.some((own) => own.section === 'quick-start' && own.code === b.code))
    .map((b) => `README.md:${b.line} is not a block of a framework page's quick start`)
}

const FRAMEWORK_PAGES = ['node', 'next', 'sveltekit', 'express', 'hono'].map((f) => `docs/frameworks/${f}.md`)

describe('the documentation holds together', () => {
  it('reads README.md, SECURITY.md and the docs/ pages (the scan is not vacuous)', () => {
    expect(pages.length).toBeGreaterThan(20)
    expect(pages.flatMap((p) => p.links).length).toBeGreaterThan(80)
  })

  it('every relative link reaches a file, and every #anchor a heading of it', () => {
    expect(brokenLinks(pages, (p) => existsSync(join(root, p)))).toEqual([])
  })

  it('notices a link to a missing page or to a heading that is not there', () => {
    const page = parsePage(
      'docs/x.md',
      '# X\n\n[a](configuration.md#options) [b](configuration.md#no-such) [c](nowhere.md) [d](#x) [e](#y)\n',
    )
    expect(brokenLinks([page], (p) => existsSync(join(root, p)))).toEqual([
      'docs/x.md:3: configuration.md#no-such (no heading #no-such in docs/configuration.md)',
      'docs/x.md:3: nowhere.md (no file docs/nowhere.md)',
      'docs/x.md:3: #y (no heading #y in docs/x.md)',
    ])
  })

  it("the README's quick-start blocks are the framework pages' own, word for word", () => {
    const readme = pages.find((p) => p.path === 'README.md')!
    expect(
      readme.blocks.filter((b) => b.section !== 'the-two-commands' && b.section !== 'install').length,
    ).toBe(8)
    expect(quickStartsOffPage(readme, pages)).toEqual([])
    const edited = parsePage(
      'README.md',
      readme.text.replace(
        "app.use('/auth', ExpressAuth(config))",
        "app.use('/api/auth', ExpressAuth(config))",
      ),
    )
    expect(edited.text).not.toBe(readme.text)
    expect(quickStartsOffPage(edited, pages)).toEqual([expect.stringMatching(/^README\.md:\d+ /)])
  })

  it.each(FRAMEWORK_PAGES)('%s has a quick start and says which environment variables it needs', (path) => {
    const page = pages.find((p) => p.path === path)!
    expect(page.headings.map((h) => h.anchor)).toEqual(expect.arrayContaining(['quick-start', 'environment']))
    const environment = page.text.slice(page.text.indexOf('## Environment'))
    for (const name of ['AUTH_SECRET', 'AUTH_URL', 'AUTH_TRUST_HOST', 'NODE_ENV=production'])
      expect(environment, `${path}: ${name}`).toContain(name)
  })

  it('docs/README.md links every page of docs/', () => {
    const index = pages.find((p) => p.path === 'docs/README.md')!
    const linked = new Set(index.links.map((l) => normalize(join('docs', l.target.split('#')[0]!))))
    const unlinked = pages
      .filter((p) => p.path.startsWith('docs/') && p.path !== 'docs/README.md')
      .map((p) => p.path)
      .filter((path) => !linked.has(path))
    expect(unlinked).toEqual([])
  })

  it('the layout table of docs/development.md names every folder and top-level file of src/', () => {
    const entries = readdirSync(join(root, 'src'), { withFileTypes: true })
      .filter((e) => e.isDirectory() || (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')))
      .map((e) => (e.isDirectory() ? `${e.name}/` : e.name))
    expect(entries.length).toBeGreaterThan(20)
    const development = readFileSync(join(root, 'docs/development.md'), 'utf8')
    expect(unlistedInLayout(development, entries)).toEqual([])
    expect(unlistedInLayout(development.replace('`passkeys/`', '`passkey/`'), entries)).toEqual(['passkeys/'])
  })
})
