import { cryptoBackend } from '#crypto'
import { adapterFor } from '../adapters/adapter-for.js'
import { readPendingSignIn } from '../flows/pending-sign-in-cookie.js'
import { createChallengeCookie, useChallengeCookie } from '../flows/webauthn/challenge-cookie.js'
import { passkeyProviderOf } from '../flows/webauthn/passkey-provider.js'
import { base64ToBytes, storedCredentialId, wireCredentialId } from '../flows/webauthn/credential-id.js'
import { relyingParty } from '../flows/webauthn/relying-party.js'
import { webauthnFunctions } from '../flows/webauthn/webauthn-functions.js'
import type { WebAuthnConfig } from '../providers/provider-types.js'
import type { RequestContext } from '../routing/request-context.js'
import type { Cookie, ResponseInternal } from '../types.js'
import { webauthnScriptAsset } from '../pages/webauthn-script-asset.js'
import type { TwoFactorPasskeyButton } from '../pages/two-factor-challenge-page.js'
import { TWO_FACTOR_GATE } from './two-factor-gate.js'

/** The configured passkey provider, and the adapter as passkeys need it; `undefined` without either. */
function passkeys(ctx: RequestContext) {
  const provider = passkeyProviderOf(ctx.config)
  const adapter = adapterFor(ctx.config.adapter, 'webauthn')
  return provider && adapter ? { provider, adapter } : undefined
}

/**
 * The challenge cookie of a second-factor ceremony names this, not the provider: an answer to it can never finish
 * a passkey sign-in, nor a sign-in's challenge a second factor.
 */
const purpose = (provider: WebAuthnConfig) => `two-factor:${provider.id}`

function json(status: number, body: unknown, cookies: Cookie[] = []): ResponseInternal {
  return { status, headers: { 'Content-Type': 'application/json' }, body, cookies }
}

/**
 * The challenge page's "Use a passkey" button for `userId`: only with a passkey provider and a passkey of that user
 * (one adapter read), so nobody is offered a ceremony that can only fail. The page runs the sign-in page's own
 * script file, allowed by its hash.
 */
export async function passkeyButtonFor(
  ctx: RequestContext,
  userId: string,
): Promise<TwoFactorPasskeyButton | undefined> {
  const found = passkeys(ctx)
  if (!found || (await found.adapter.listAuthenticatorsByUserId(userId)).length === 0) return undefined
  const asset = webauthnScriptAsset()
  return {
    optionsUrl: ctx.routeUrl('two-factor/passkey-options'),
    script: { src: ctx.routeUrl(`webauthn-script/${asset.fileName}`), sha256: asset.sha256 },
  }
}

/**
 * `GET {basePath}/two-factor/passkey-options`: WebAuthn authentication options for the user of the sign-in held in
 * this browser, allowing only their own passkeys, with a challenge cookie of its own. 400 without a held sign-in, a
 * passkey provider or a passkey of that user.
 */
export async function twoFactorPasskeyOptions(ctx: RequestContext): Promise<ResponseInternal> {
  const found = passkeys(ctx)
  const pending = await readPendingSignIn(ctx)
  const userId = typeof pending === 'object' ? pending.signIn.sessionUser.id : undefined
  if (!found || typeof pending !== 'object' || pending.gate !== TWO_FACTOR_GATE || !userId) {
    return json(400, { error: 'Invalid request' })
  }
  const { provider, adapter } = found
  const allowCredentials = (await adapter.listAuthenticatorsByUserId(userId)).flatMap((a) => {
    const id = wireCredentialId(a.credentialID)
    return id === null ? [] : [{ id }]
  })
  if (allowCredentials.length === 0) return json(400, { error: 'Invalid request' })
  const rp = await relyingParty(ctx, provider)
  const lib = await webauthnFunctions(provider)
  const options = await lib.generateAuthenticationOptions({
    rpID: rp.id,
    challenge: new Uint8Array(cryptoBackend.randomBytes(32)),
    allowCredentials,
    userVerification: 'preferred',
  })
  const cookie = await createChallengeCookie(ctx, purpose(provider), { challenge: options.challenge })
  // `action` as the sign-in's options answer says it, so the page script runs this ceremony the same way.
  return json(200, { action: 'authenticate', options }, [cookie])
}

/**
 * Whether `raw` (the JSON of a WebAuthn authentication response) is a passkey of `userId` signing this browser's
 * second-factor challenge, for this origin, with a counter that moved forward (the counter is then stored). The
 * challenge is spent first, so one response is never accepted twice.
 */
export async function checkPasskey(ctx: RequestContext, userId: string, raw: unknown): Promise<boolean> {
  const found = passkeys(ctx)
  if (!found || typeof raw !== 'string' || raw.length > 64 * 1024) return false
  let data: { id?: unknown; response?: unknown }
  try {
    data = JSON.parse(raw) as { id?: unknown; response?: unknown }
  } catch {
    return false
  }
  const { provider, adapter } = found
  const { challenge } = await useChallengeCookie(ctx, purpose(provider))
  if (typeof data?.id !== 'string' || typeof data.response !== 'object' || data.response === null)
    return false
  const credentialID = storedCredentialId(data.id)
  const authenticator = credentialID === null ? null : await adapter.getAuthenticator(credentialID)
  // Only a passkey of the held user counts: another user's, even signed correctly, is a wrong second factor.
  if (!authenticator || authenticator.userId !== userId) return false
  const publicKey = base64ToBytes(authenticator.credentialPublicKey)
  if (!publicKey) return false
  const rp = await relyingParty(ctx, provider)
  const lib = await webauthnFunctions(provider)
  try {
    const verification = await lib.verifyAuthenticationResponse({
      response: data as never,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.ids,
      credential: { id: data.id, publicKey, counter: 0 },
      requireUserVerification: false,
    })
    if (!verification.verified) return false
    const { newCounter } = verification.authenticationInfo
    const stored = authenticator.counter
    if ((newCounter > 0 || stored > 0) && newCounter <= stored) return false
    if (newCounter !== stored)
      await adapter.updateAuthenticatorCounter(authenticator.credentialID, newCounter)
    return true
  } catch {
    return false
  }
}
