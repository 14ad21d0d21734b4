import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { MARKERS, TABLE_PAGE, providersTable, withTable } from '../../scripts/providers-table.js'

describe(`the provider table of ${TABLE_PAGE}`, () => {
  it('is the one the presets generate (run `npm run providers:table` after changing a preset)', async () => {
    const readme = readFileSync(new URL(`../../${TABLE_PAGE}`, import.meta.url), 'utf8')
    expect(readme).toContain(MARKERS[0])
    expect(readme).toBe(withTable(readme, await providersTable()))
  })

  it('notices a page that disagrees with the presets', async () => {
    const readme = readFileSync(new URL(`../../${TABLE_PAGE}`, import.meta.url), 'utf8')
    const stale = readme.replace(
      '| `discord` | `discord` | Discord | oauth | `identify email` |',
      '| `discord` | `discord` | Discord | oauth | `identify` |',
    )
    expect(stale).not.toBe(readme)
    expect(stale).not.toBe(withTable(stale, await providersTable()))
  })
})
