import type { ProviderConfig } from '../providers/provider-types.js'
import type { customFetch } from '../symbols.js'

/** A provider after defaults, `options` and environment are applied; never the user's object. */
export type ResolvedProvider = Readonly<ProviderConfig> & { readonly [customFetch]?: typeof fetch }
