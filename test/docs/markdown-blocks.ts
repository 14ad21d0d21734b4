/**
 * Reads the user documentation (README.md and docs/**) as data: its pages, their headings (with GitHub's anchors),
 * their links and their fenced code blocks, each with the section it sits in, the file it names (`// app/page.tsx`
 * on its first line) and its fragment marker (`<!-- fragment: why -->` right above it). The rules are in
 * docs/README.md.
 *
 * @module
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository root. */
export const root = fileURLToPath(new URL('../../', import.meta.url))

/** A fenced code block of a page. */
export interface CodeBlock {
  /** The page, relative to the repository root (`docs/frameworks/next.md`). */
  page: string
  /** The 1-based line of the opening fence. */
  line: number
  /** The fence's language (`ts`, `tsx`, `sh`, …), lower-cased; `''` when none. */
  lang: string
  /** The block's text, without the fences and without the indentation of a list item. */
  code: string
  /** The anchor of the heading the block sits under (`quick-start`), or `''` above the first heading. */
  section: string
  /** The path the block names on its first line (`// app/api/auth/[...nextauth]/route.ts`), if any. */
  file: string | undefined
  /** The reason given by a `<!-- fragment: … -->` marker right above the block, if any. */
  fragment: string | undefined
}

/** A heading of a page. */
export interface Heading {
  level: number
  text: string
  /** The anchor GitHub gives it (`#nextjs-gatehouse-authnext`), without the `#`. */
  anchor: string
}

/** A parsed page. */
export interface Page {
  path: string
  text: string
  headings: Heading[]
  blocks: CodeBlock[]
  /** Markdown links `[text](target)` outside code, with their line. */
  links: { target: string; line: number }[]
}

/** TypeScript and TSX fences. */
export const TS_LANGS = new Set(['ts', 'tsx', 'typescript'])

/**
 * GitHub's heading anchor (github-slugger): lower case, punctuation dropped (letters, digits, `_`, `-` and spaces
 * stay), spaces as `-`; a repeated anchor gets `-1`, `-2`, ….
 */
export function slug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-')
}

const FILE_COMMENT = /^\/\/ ([\w.@$[\]/+-]+\.(?:tsx?|d\.ts))(?:\s|$)/
const FRAGMENT = /^<!-- fragment: (.+?) -->$/

/** Parses one page. */
export function parsePage(path: string, text: string): Page {
  const lines = text.split('\n')
  const headings: Heading[] = []
  const blocks: CodeBlock[] = []
  const links: Page['links'] = []
  const seen = new Map<string, number>()
  let section = ''
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    const fence = /^( *)(`{3,})([\w-]*)\s*$/.exec(line)
    if (fence) {
      const [, indent = '', ticks = '```', lang = ''] = fence
      const body: string[] = []
      let j = i + 1
      while (j < lines.length && !new RegExp(`^ *${ticks}\\s*$`).test(lines[j]!)) {
        body.push(lines[j]!.startsWith(indent) ? lines[j]!.slice(indent.length) : lines[j]!)
        j++
      }
      if (j === lines.length) throw new Error(`${path}:${i + 1}: a code block is not closed`)
      let k = i - 1
      while (k >= 0 && lines[k]!.trim() === '') k--
      const code = body.join('\n') + '\n'
      blocks.push({
        page: path,
        line: i + 1,
        lang: lang.toLowerCase(),
        code,
        section,
        file: FILE_COMMENT.exec(body[0] ?? '')?.[1],
        fragment: k >= 0 ? FRAGMENT.exec(lines[k]!.trim())?.[1] : undefined,
      })
      i = j
      continue
    }
    const heading = /^(#{1,6}) (.+?)\s*#*\s*$/.exec(line)
    if (heading) {
      const base = slug(heading[2]!)
      const count = seen.get(base) ?? 0
      seen.set(base, count + 1)
      const anchor = count === 0 ? base : `${base}-${count}`
      headings.push({ level: heading[1]!.length, text: heading[2]!, anchor })
      section = anchor
    }
    // Inline code spans may hold brackets; links are looked for outside them.
    const prose = line.replace(/`[^`]*`/g, '``')
    for (const m of prose.matchAll(/\]\(([^)\s]+)\)/g)) links.push({ target: m[1]!, line: i + 1 })
  }
  return { path, text, headings, blocks, links }
}

function markdownUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? markdownUnder(join(dir, e.name)) : [join(dir, e.name)]))
    .filter((p) => p.endsWith('.md'))
}

/** README.md and every page under docs/, parsed, in a stable order. */
export function userDocs(): Page[] {
  const paths = ['README.md', ...markdownUnder('docs').sort()]
  return paths.map((p) => parsePage(relative(root, join(root, p)), readFileSync(join(root, p), 'utf8')))
}
