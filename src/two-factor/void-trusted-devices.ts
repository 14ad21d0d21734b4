import type { Adapter } from '../adapters/adapter.js'

/**
 * Voids every browser a user asked to remember ("remember this browser for 30 days"): their next sign-in asks for
 * the second factor again. Call it when the password changes or is reset, and on "sign out everywhere". Takes the
 * adapter, or anything holding one (`{ adapter }`, a configuration); a user who never enrolled is left as is.
 *
 * @example
 * ```ts
 * await voidTrustedDevices(adapter, user.id)
 * ```
 */
export async function voidTrustedDevices(
  adapterOrConfig: Adapter | { readonly adapter?: Adapter | undefined },
  userId: string,
): Promise<void> {
  const adapter: Adapter | undefined =
    'voidTrustedDevices' in adapterOrConfig || !('adapter' in adapterOrConfig)
      ? (adapterOrConfig as Adapter)
      : adapterOrConfig.adapter
  if (typeof adapter?.voidTrustedDevices !== 'function') {
    throw new TypeError(
      'voidTrustedDevices: the adapter has no `voidTrustedDevices` (the `twoFactor` capability).',
    )
  }
  await adapter.voidTrustedDevices(userId)
}
