/**
 * `gatehouse-auth/adapters`: the adapter contract as `@auth/core/adapters` has it, so that an adapter written for
 * Auth.js, or an application aliasing `@auth/core` to Gatehouse, finds its types and `isDate` there.
 *
 * @example
 * ```ts
 * import type { Adapter } from 'gatehouse-auth/adapters'
 * export function MyAdapter(client: Client): Adapter { return { ... } }
 * ```
 * @module
 */
import type { ProviderType } from './providers/provider-types.js'

export type {
  Adapter,
  AdapterAccount,
  AdapterAuthenticator,
  AdapterSession,
  AdapterUser,
  VerificationToken,
} from './adapters/adapter.js'

/** The kinds of account an adapter stores. */
export type AdapterAccountType = Extract<ProviderType, 'oauth' | 'oidc' | 'email' | 'webauthn'>

// An ISO 8601 date and time with minutes, optional seconds and fraction, and a zone: what `Date#toJSON` writes.
const isoDateTime = /^\d{4}-[01]\d-[0-3]\dT[0-2]\d:[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-][0-2]\d:[0-5]\d)$/

/**
 * Whether `value` is a date as JSON carries it (an ISO 8601 date and time that parses), for adapters that store
 * documents and must turn such strings back into `Date`s.
 *
 * @example
 * ```ts
 * const revived = isDate(row.expires) ? new Date(row.expires) : row.expires
 * ```
 */
export function isDate(value: unknown): value is string {
  return typeof value === 'string' && isoDateTime.test(value) && !Number.isNaN(Date.parse(value))
}
