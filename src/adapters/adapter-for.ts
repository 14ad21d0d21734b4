import type { Adapter } from './adapter.js'
import { adapterNeeds, type AdapterFeature } from './missing-adapter-methods.js'

/** The adapter as a feature sees it: the methods that feature needs are present, the rest stay optional. */
export type AdapterFor<F extends AdapterFeature> = Adapter &
  Required<Pick<Adapter, (typeof adapterNeeds)[F][number]>>

/**
 * The typed view of `adapter` for `feature`, or `undefined` when it lacks a method the feature needs. Resolved once
 * per configuration, so the code of a feature reads its methods without casts.
 */
export function adapterFor<F extends AdapterFeature>(
  adapter: Adapter | undefined,
  feature: F,
): AdapterFor<F> | undefined {
  if (adapter === undefined) return undefined
  const complete = adapterNeeds[feature].every(
    (method) => typeof (adapter as Record<string, unknown>)[method] === 'function',
  )
  return complete ? (adapter as AdapterFor<F>) : undefined
}
