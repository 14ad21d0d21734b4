import type { PasskeySummary } from './list-passkeys.js'
import { listPasskeys } from './list-passkeys.js'
import { PasskeyManagementError } from './passkey-management-error.js'
import { ownAuthenticator, passkeyAdapter, type PasskeyConfig } from './passkey-store.js'

const MAX_NAME_LENGTH = 100
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/

/** A name as stored: trimmed, 1 to 100 characters, no control characters; `null` removes it. */
function cleanName(name: string | null): string | null {
  if (name === null) return null
  const trimmed = typeof name === 'string' ? name.trim() : ''
  if (trimmed === '' || [...trimmed].length > MAX_NAME_LENGTH || CONTROL.test(trimmed)) {
    throw new PasskeyManagementError(
      `A passkey name must be 1 to ${MAX_NAME_LENGTH} characters, without control characters (or null to remove it).`,
      { reason: 'invalid_name' },
    )
  }
  return trimmed
}

/**
 * Gives one of a user's passkeys a name ("Work laptop"), or removes it with `null`. Needs an adapter with
 * `updateAuthenticator` (Gatehouse's adapters, schema version 4).
 *
 * @throws PasskeyManagementError `not_found`, `invalid_name`, `not_supported`
 */
export async function renamePasskey(
  config: PasskeyConfig,
  userId: string,
  credentialID: string,
  name: string | null,
): Promise<PasskeySummary> {
  const adapter = passkeyAdapter(config)
  const clean = cleanName(name)
  if (typeof adapter.updateAuthenticator !== 'function') {
    throw new PasskeyManagementError('Renaming a passkey needs an adapter with updateAuthenticator.', {
      reason: 'not_supported',
    })
  }
  await ownAuthenticator(adapter, userId, credentialID)
  const updated = await adapter.updateAuthenticator(credentialID, { name: clean })
  const summary = updated && (await listPasskeys(config, userId)).find((p) => p.credentialID === credentialID)
  if (!summary)
    throw new PasskeyManagementError('The passkey was deleted meanwhile.', { reason: 'not_found' })
  return summary
}
