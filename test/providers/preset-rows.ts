/**
 * The table of the preset tests: one row per preset with the facts its provider documents and a sample of what its
 * endpoints return (see `rows/preset-row.ts`), split by kind so no file grows past a few hundred lines.
 *
 * @module
 */
import { earlierOauthRows } from './rows/earlier-oauth-rows.js'
import { earlierOidcRows } from './rows/earlier-oidc-rows.js'
import { oauthRowsAtoM } from './rows/oauth-rows-a-m.js'
import { oauthRowsNtoZ } from './rows/oauth-rows-n-z.js'
import { oidcRows } from './rows/oidc-rows.js'
import type { PresetRow } from './rows/preset-row.js'

export type { PresetRow }
export { earlierOauthRows, earlierOidcRows, oidcRows }

/** The OAuth 2.0 presets added for Auth.js parity. */
export const oauthRows: PresetRow[] = [...oauthRowsAtoM, ...oauthRowsNtoZ]
