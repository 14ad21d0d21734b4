import { passkeyAdapter, type PasskeyConfig } from './passkey-store.js'

/** One passkey of a user, as a management page shows it. */
export interface PasskeySummary {
  /** The credential id as stored (standard base64): what `renamePasskey` and `deletePasskey` take. */
  credentialID: string
  /** The label the user gave it, or `null`. */
  name: string | null
  /** `multiDevice`: a synced passkey; `singleDevice`: bound to one authenticator (a security key). */
  deviceType: string
  /** Whether the authenticator says the key is backed up (synced). */
  backedUp: boolean
  /** How the browser reaches the authenticator (`internal`, `usb`, `hybrid`…). */
  transports: string[]
  /** The signature counter: how often it signed, for authenticators that count (0 for most synced passkeys). */
  counter: number
}

/**
 * The passkeys of a user, for the application's own management page. Works on any adapter with
 * `listAuthenticatorsByUserId` (Auth.js adapters included); `name` needs Gatehouse's schema version 4.
 *
 * @example
 * ```ts
 * const passkeys = await listPasskeys(authConfig, session.user.id)
 * ```
 */
export async function listPasskeys(config: PasskeyConfig, userId: string): Promise<PasskeySummary[]> {
  const adapter = passkeyAdapter(config)
  const authenticators = await adapter.listAuthenticatorsByUserId(userId)
  return authenticators.map((a) => ({
    credentialID: a.credentialID,
    name: a.name ?? null,
    deviceType: a.credentialDeviceType,
    backedUp: a.credentialBackedUp,
    transports: a.transports ? a.transports.split(',').filter((t) => t !== '') : [],
    counter: a.counter,
  }))
}
