import { cryptoBackend } from '#crypto'
import type { AdapterFor } from '../../adapters/adapter-for.js'
import { MissingAdapter } from '../../errors.js'
import type { WebAuthnConfig, WebAuthnUserInfo } from '../../providers/provider-types.js'
import type { RequestContext } from '../../routing/request-context.js'
import { signedInUserId } from '../../session/signed-in-user-id.js'
import type { Cookie, ResponseInternal } from '../../types.js'
import { createChallengeCookie, type RegisterData } from './challenge-cookie.js'
import { wireCredentialId } from './credential-id.js'
import { getUserInfo } from '../../providers/webauthn.js'
import { hookArguments } from './hook-arguments.js'
import { relyingParty } from './relying-party.js'
import { webauthnFunctions } from './webauthn-functions.js'

/** Fresh random bytes from `#crypto`, typed as the library wants them. */
function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array(cryptoBackend.randomBytes(length))
}

type Action = 'register' | 'authenticate'

/** The adapter a WebAuthn provider works with; configuration refuses one without these methods. */
export type WebAuthnAdapter = AdapterFor<'webauthn'>

function jsonAnswer(status: number, body: unknown, cookies: Cookie[] = []): ResponseInternal {
  return { status, headers: { 'Content-Type': 'application/json' }, body, cookies }
}

/** The adapter of a WebAuthn request. */
export function webauthnAdapter(ctx: RequestContext): WebAuthnAdapter {
  const adapter = ctx.config.adapter
  // Configuration refuses a WebAuthn provider without an adapter; kept for a configuration changed afterwards.
  if (!adapter)
    throw new MissingAdapter('A WebAuthn provider needs an adapter with the authenticator methods.')
  return adapter as WebAuthnAdapter
}

/**
 * Auth.js's decision (wire-contract §4.3 step 3): `authenticate` is always allowed; `register` when signed in and
 * the user exists (another passkey) or signed out and the user is new; without an action, signed out only:
 * register a new address, else authenticate. Anything else has no answer (`null`).
 */
function decide(action: Action | undefined, loggedIn: boolean, info: WebAuthnUserInfo): Action | null {
  const exists = info?.exists ?? false
  if (action === 'authenticate') return 'authenticate'
  if (action === 'register') return info?.user && loggedIn === exists ? 'register' : null
  if (loggedIn) return null
  return info?.user && !exists ? 'register' : 'authenticate'
}

function transportsOf(value: string | null | undefined): string[] | undefined {
  return value ? value.split(',').filter((t) => t !== '') : undefined
}

async function credentialsOf(adapter: WebAuthnAdapter, userId: string | undefined) {
  if (userId === undefined) return undefined
  const authenticators = await adapter.listAuthenticatorsByUserId(userId)
  return authenticators.flatMap((a) => {
    const id = wireCredentialId(a.credentialID)
    const transports = transportsOf(a.transports)
    return id === null ? [] : [transports ? { id, transports } : { id }]
  })
}

/**
 * GET `{basePath}/webauthn-options/{id}?action=…`: `{ action, options }` with the `authjs.challenge` cookie, or a
 * 400 `{ error }` (wire-contract §4.3). A registration for nobody (no address, signed out) is a 400, where Auth.js
 * crashes into `Configuration` (§7.3).
 */
export async function webauthnOptionsAnswer(
  ctx: RequestContext,
  provider: WebAuthnConfig,
): Promise<ResponseInternal> {
  const action = ctx.req.query['action']
  if (action !== undefined && action !== 'register' && action !== 'authenticate') {
    return jsonAnswer(400, { error: 'Invalid action' })
  }
  const adapter = webauthnAdapter(ctx)
  const currentId = await signedInUserId(ctx)
  const current = currentId === null ? null : await adapter.getUser(currentId)
  const info: WebAuthnUserInfo = current
    ? { user: current, exists: true }
    : await (provider.getUserInfo ?? getUserInfo)(...hookArguments(ctx, provider, adapter))
  const decision = decide(action, current !== null, info)
  const rp = await relyingParty(ctx, provider)
  const lib = await webauthnFunctions(provider)

  if (decision === 'authenticate') {
    const userId = info?.exists ? info.user.id : undefined
    const allowCredentials = await credentialsOf(adapter, userId)
    const options = await lib.generateAuthenticationOptions({
      ...(provider.authenticationOptions as object),
      rpID: rp.id,
      challenge: randomBytes(32),
      ...(allowCredentials ? { allowCredentials } : {}),
    })
    const cookie = await createChallengeCookie(ctx, provider.id, { challenge: options.challenge })
    return jsonAnswer(200, { action: 'authenticate', options }, [cookie])
  }

  const email = info?.user.email
  if (decision === 'register' && typeof email === 'string') {
    const userId = info?.exists ? info.user.id : undefined
    const excludeCredentials = await credentialsOf(adapter, userId)
    const name = typeof info?.user.name === 'string' ? info.user.name : undefined
    const options = await lib.generateRegistrationOptions({
      ...(provider.registrationOptions as object),
      // The user handle is random: the authenticator row, not the handle, ties a credential to its user.
      userID: randomBytes(32),
      challenge: randomBytes(32),
      userName: email,
      ...(name !== undefined ? { userDisplayName: name } : {}),
      rpID: rp.id,
      rpName: rp.name,
      ...(excludeCredentials ? { excludeCredentials } : {}),
    })
    const registerData: RegisterData = { email, ...(userId !== undefined ? { id: userId } : {}), name }
    const cookie = await createChallengeCookie(ctx, provider.id, {
      challenge: options.challenge,
      registerData,
    })
    return jsonAnswer(200, { action: 'register', options }, [cookie])
  }
  // Beside Auth.js's `error`, Gatehouse says why a signed-out registration was refused, so the page can say "sign in
  // first" rather than nothing useful. It tells no more than an answer without `action` already does (register for
  // a new address, authenticate for a known one).
  const accountExists = action === 'register' && current === null && info?.exists === true
  return jsonAnswer(400, { error: 'Invalid request', ...(accountExists ? { code: 'AccountExists' } : {}) })
}
