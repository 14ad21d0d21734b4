import type { Adapter, AdapterAuthenticator } from '../adapters/adapter.js'
import type { Provider } from '../providers/provider-types.js'
import { PasskeyManagementError } from './passkey-management-error.js'

/** What the management functions read of a configuration: its adapter, and its providers (for e-mail sign-in). */
export interface PasskeyConfig {
  adapter?: Adapter | undefined
  providers?: readonly Provider[] | undefined
}

/** The adapter with the authenticator methods every management function needs. */
export type PasskeyAdapter = Adapter &
  Required<Pick<Adapter, 'getAuthenticator' | 'listAuthenticatorsByUserId'>>

export function passkeyAdapter(config: PasskeyConfig): PasskeyAdapter {
  const adapter = config.adapter
  if (
    typeof adapter?.getAuthenticator !== 'function' ||
    typeof adapter.listAuthenticatorsByUserId !== 'function'
  ) {
    throw new PasskeyManagementError(
      'Passkey management needs an adapter with getAuthenticator and listAuthenticatorsByUserId.',
      { reason: 'not_supported' },
    )
  }
  return adapter as PasskeyAdapter
}

/** The user's authenticator with this credential id; another user's is not found, so ids of others leak nothing. */
export async function ownAuthenticator(
  adapter: PasskeyAdapter,
  userId: string,
  credentialID: string,
): Promise<AdapterAuthenticator> {
  const authenticator = typeof credentialID === 'string' ? await adapter.getAuthenticator(credentialID) : null
  if (!authenticator || authenticator.userId !== userId) {
    throw new PasskeyManagementError('This user has no passkey with this credential id.', {
      reason: 'not_found',
    })
  }
  return authenticator
}
