import { AdapterError, InvalidCheck } from '../../errors.js'
import type { RequestContext } from '../../routing/request-context.js'
import type { Cookie } from '../../types.js'

/** A challenge lives as long as the ceremony may take: 5 minutes (Auth.js keeps the cookie 15). */
export const CHALLENGE_MAX_AGE = 5 * 60

/** The salt of the inner JWE, Auth.js's, so that a challenge cookie minted by either one reads in the other. */
const INNER_SALT = 'encodedWebauthnChallenge'

/** The user a registration is for, as the options request found it. */
export interface RegisterData {
  id?: string | undefined
  email: string
  name?: string | null | undefined
}

/** What the challenge cookie carries. */
export interface ChallengePayload {
  challenge: string
  registerData?: RegisterData | undefined
}

/** How long a challenge stays spent: as long as its cookie is accepted, and a margin for clocks a little apart. */
const SPENT_TTL_MS = (CHALLENGE_MAX_AGE + 15) * 1000

/**
 * Records `challenge` as used in the configuration's single-use store; `false` when it already was. The cookie is
 * cleared after use, but a copy of it (and of the response) could be sent again: this makes a challenge single use,
 * on every instance that shares the store. A store that cannot answer refuses the sign-in (503), never guesses.
 */
async function spend(ctx: RequestContext, challenge: string): Promise<boolean> {
  try {
    return await ctx.config.stores.singleUse.consume(`webauthn:challenge:${challenge}`, SPENT_TTL_MS)
  } catch (error) {
    throw new AdapterError(
      'The single-use store could not record the WebAuthn challenge; the sign-in is refused.',
      {
        cause: error,
        reason: 'single_use_store_failed',
      },
    )
  }
}

/**
 * The `authjs.challenge` cookie: a JWE `{ value, provider }` salted with the cookie name whose value is a JWE
 * `{ challenge, registerData }` salted `encodedWebauthnChallenge` (wire-contract §1.7, §4.3), for 5 minutes.
 */
export async function createChallengeCookie(
  ctx: RequestContext,
  providerId: string,
  payload: ChallengePayload,
): Promise<Cookie> {
  const { name, options } = ctx.cookies.webauthnChallenge
  const sealed = ctx.config.sealedCookies
  const inner = await sealed.seal(INNER_SALT, { ...payload }, CHALLENGE_MAX_AGE)
  const value = await sealed.seal(name, { value: inner, provider: providerId }, CHALLENGE_MAX_AGE)
  const expires = new Date(Date.now() + CHALLENGE_MAX_AGE * 1000)
  return { name, value, options: { ...options, maxAge: CHALLENGE_MAX_AGE, expires } }
}

function clearChallengeCookie(ctx: RequestContext): void {
  const { name, options } = ctx.cookies.webauthnChallenge
  if (ctx.failureCookies.some((c) => c.name === name && c.value === '')) return
  const { expires: _expires, ...rest } = options
  ctx.failureCookies.push({ name, value: '', options: { ...rest, maxAge: 0 } })
}

function invalid(message: string): InvalidCheck {
  return new InvalidCheck(message, { reason: 'webauthn_challenge_cookie_invalid' })
}

/**
 * Reads the challenge cookie for `providerId`, schedules its deletion (on success and failure alike) and spends
 * the challenge.
 *
 * @throws InvalidCheck `webauthn_challenge_cookie_missing`, `_invalid` (forged, expired, malformed),
 *   `_provider` (minted for another provider) or `webauthn_challenge_replayed` (already answered).
 */
export async function useChallengeCookie(ctx: RequestContext, providerId: string): Promise<ChallengePayload> {
  const { name } = ctx.cookies.webauthnChallenge
  const raw = ctx.req.cookies[name]
  if (raw === undefined || raw === '') {
    throw new InvalidCheck(
      'The WebAuthn challenge cookie was missing: ask for options first, in this browser.',
      {
        reason: 'webauthn_challenge_cookie_missing',
      },
    )
  }
  clearChallengeCookie(ctx)
  const outer = await ctx.config.sealedCookies.open(name, raw)
  const value = outer?.['value']
  if (typeof value !== 'string')
    throw invalid('The WebAuthn challenge cookie could not be decrypted, or it expired.')
  if (outer?.['provider'] !== providerId) {
    throw new InvalidCheck(
      `The WebAuthn challenge cookie was made for another provider than "${providerId}".`,
      {
        reason: 'webauthn_challenge_cookie_provider',
      },
    )
  }
  const inner = await ctx.config.sealedCookies.open(INNER_SALT, value)
  const challenge = inner?.['challenge']
  if (typeof challenge !== 'string' || challenge === '') throw invalid('The WebAuthn challenge has expired.')
  const registerData = readRegisterData(inner?.['registerData'])
  if (!(await spend(ctx, challenge))) {
    throw new InvalidCheck('This WebAuthn challenge was already answered.', {
      reason: 'webauthn_challenge_replayed',
    })
  }
  return { challenge, registerData }
}

function readRegisterData(value: unknown): RegisterData | undefined {
  if (value === null || typeof value !== 'object') return undefined
  const data = value as Record<string, unknown>
  if (typeof data['email'] !== 'string') return undefined
  return {
    email: data['email'],
    id: typeof data['id'] === 'string' ? data['id'] : undefined,
    name: typeof data['name'] === 'string' ? data['name'] : undefined,
  }
}
