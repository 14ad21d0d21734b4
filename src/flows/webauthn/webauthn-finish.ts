import { AccountNotLinked, WebAuthnVerificationError } from '../../errors.js'
import type { ErrorReason } from '../../error-reason.js'
import type { WebAuthnConfig } from '../../providers/provider-types.js'
import type { RequestContext } from '../../routing/request-context.js'
import { signedInUserId } from '../../session/signed-in-user-id.js'
import type { FlowIdentity } from '../sign-in-flow.js'
import { useChallengeCookie } from './challenge-cookie.js'
import { base64ToBytes, bytesToBase64, storedCredentialId } from './credential-id.js'
import { relyingParty } from './relying-party.js'
import { webauthnAdapter } from './webauthn-options-answer.js'
import { webauthnFunctions } from './webauthn-functions.js'
import type { WebAuthnRegistration } from './webauthn-registration.js'

/** What a WebAuthn `finish` establishes: a sign-in, or a registration with the authenticator it creates. */
type WebAuthnIdentity = FlowIdentity<WebAuthnRegistration | undefined>

/** A WebAuthn response as the browser sent it in `data`: only what is read before the library checks the rest. */
interface ResponseData {
  id: string
  response: Record<string, unknown>
  [key: string]: unknown
}

function refused(message: string, reason: ErrorReason, cause?: unknown): WebAuthnVerificationError {
  return new WebAuthnVerificationError(message, { reason, ...(cause !== undefined ? { cause } : {}) })
}

/** The parsed `data` field: JSON of an object with a string `id` and a `response` object, else a 400. */
function readData(body: Record<string, unknown> | undefined): ResponseData {
  const raw = body?.['data']
  if (typeof raw !== 'string' || raw === '')
    throw refused('The WebAuthn response (`data`) is missing.', 'webauthn_data_invalid')
  let data: unknown
  try {
    data = JSON.parse(raw)
  } catch {
    throw refused('The WebAuthn response (`data`) is not JSON.', 'webauthn_data_invalid')
  }
  if (
    data === null ||
    typeof data !== 'object' ||
    typeof (data as ResponseData).id !== 'string' ||
    (data as ResponseData).response === null ||
    typeof (data as ResponseData).response !== 'object'
  ) {
    throw refused('The WebAuthn response (`data`) is not a credential.', 'webauthn_data_invalid')
  }
  return data as ResponseData
}

/**
 * POST `{basePath}/callback/{id}` with `action=authenticate`: the stored credential signed this challenge, for this
 * origin and RP ID, with a counter that moved forward. Any failure is `WebAuthnVerificationError` (400) or, for the
 * challenge cookie, `InvalidCheck` (403); never a 500 for bad input.
 */
async function authenticate(
  ctx: RequestContext,
  provider: WebAuthnConfig,
  data: ResponseData,
): Promise<WebAuthnIdentity> {
  const adapter = webauthnAdapter(ctx)
  // The challenge is spent first, so that a response for an unknown credential cannot be retried with it either.
  const { challenge } = await useChallengeCookie(ctx, provider.id)
  const credentialID = storedCredentialId(data.id)
  if (credentialID === null) throw refused('The credential id is not base64url.', 'webauthn_data_invalid')
  const authenticator = await adapter.getAuthenticator(credentialID)
  if (!authenticator)
    throw refused('No passkey with this credential id is registered.', 'webauthn_unknown_credential')
  const publicKey = base64ToBytes(authenticator.credentialPublicKey)
  if (!publicKey)
    throw refused('The stored public key of this credential is not base64.', 'webauthn_verification_failed')

  const rp = await relyingParty(ctx, provider)
  const lib = await webauthnFunctions(provider)
  let verification
  try {
    verification = await lib.verifyAuthenticationResponse({
      ...(provider.verifyAuthenticationOptions as object),
      response: data as never,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.ids,
      // Counter 0 turns the library's own counter check off: the one below decides, and logs a clone.
      credential: { id: data.id, publicKey, counter: 0 },
    })
  } catch (error) {
    throw refused(
      `The WebAuthn authentication response was refused: ${String(error)}`,
      'webauthn_verification_failed',
      error,
    )
  }
  if (!verification.verified)
    throw refused(
      'The WebAuthn authentication response could not be verified.',
      'webauthn_verification_failed',
    )

  // WebAuthn §7.2 step 21: a counter that does not grow, when either side is non-zero, means two authenticators
  // share this key (a cloned one). Authenticators that keep it at 0 (most synced passkeys) do not count.
  const { newCounter } = verification.authenticationInfo
  const stored = authenticator.counter
  if ((newCounter > 0 || stored > 0) && newCounter <= stored) {
    // Logged once, with this reason and message, at the error boundary, as every refusal is.
    throw refused(
      `The signature counter of credential ${credentialID} went from ${stored} to ${newCounter}: the authenticator may be cloned.`,
      'webauthn_counter_regressed',
    )
  }
  if (newCounter !== stored) await adapter.updateAuthenticatorCounter(authenticator.credentialID, newCounter)

  const account = await adapter.getAccount(authenticator.providerAccountId, provider.id)
  const user =
    account && account.userId === authenticator.userId ? await adapter.getUser(account.userId) : null
  if (!account || !user) {
    throw refused('The passkey is registered, but its account or user is gone.', 'webauthn_account_missing')
  }
  const currentId = await signedInUserId(ctx)
  if (currentId !== null && currentId !== user.id) {
    throw new AccountNotLinked('The passkey belongs to another user than the one signed in.', {
      reason: 'webauthn_credential_linked_to_other_user',
    })
  }
  return {
    user,
    account: { ...account, type: 'webauthn' },
    multiFactor: verification.authenticationInfo.userVerified,
  }
}

/**
 * POST `{basePath}/callback/{id}` with `action=register`: a new credential for the user the options were for,
 * attested for this challenge, origin and RP ID. The user, account and authenticator are written after the `signIn`
 * callback allowed it, by `linkWebAuthnUser`.
 */
async function register(
  ctx: RequestContext,
  provider: WebAuthnConfig,
  data: ResponseData,
): Promise<WebAuthnIdentity> {
  const { challenge, registerData } = await useChallengeCookie(ctx, provider.id)
  if (!registerData) {
    throw refused(
      'The challenge was issued for a sign-in, not a registration.',
      'webauthn_register_without_user',
    )
  }
  const rp = await relyingParty(ctx, provider)
  const lib = await webauthnFunctions(provider)
  let verification
  try {
    verification = await lib.verifyRegistrationResponse({
      ...(provider.verifyRegistrationOptions as object),
      response: data as never,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.ids,
    })
  } catch (error) {
    throw refused(
      `The WebAuthn registration response was refused: ${String(error)}`,
      'webauthn_verification_failed',
      error,
    )
  }
  if (!verification.verified)
    throw refused('The WebAuthn registration response could not be verified.', 'webauthn_verification_failed')
  const info = verification.registrationInfo
  const credentialID = storedCredentialId(info.credential.id)
  if (credentialID === null) throw refused('The credential id is not base64url.', 'webauthn_data_invalid')
  const transports = info.credential.transports ?? (data.response['transports'] as string[] | undefined)
  return {
    user: {
      ...(registerData.id !== undefined ? { id: registerData.id } : {}),
      email: registerData.email,
      ...(registerData.name ? { name: registerData.name } : {}),
    },
    account: { providerAccountId: credentialID, provider: provider.id, type: 'webauthn' },
    multiFactor: info.userVerified,
    data: {
      authenticator: {
        providerAccountId: credentialID,
        credentialID,
        credentialPublicKey: bytesToBase64(info.credential.publicKey),
        counter: info.credential.counter,
        credentialBackedUp: info.credentialBackedUp,
        credentialDeviceType: info.credentialDeviceType,
        transports: Array.isArray(transports) && transports.length > 0 ? transports.join(',') : null,
      },
    },
  }
}

/** The `finish` step of WebAuthn: `action` and `data` of the POST (wire-contract §4.3). */
export function webauthnFinish(ctx: RequestContext, provider: WebAuthnConfig): Promise<WebAuthnIdentity> {
  const action = ctx.req.body?.['action']
  if (action !== 'authenticate' && action !== 'register') {
    return Promise.reject(
      refused('`action` must be "authenticate" or "register".', 'webauthn_action_invalid'),
    )
  }
  let data: ResponseData
  try {
    data = readData(ctx.req.body)
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)))
  }
  return action === 'authenticate' ? authenticate(ctx, provider, data) : register(ctx, provider, data)
}
