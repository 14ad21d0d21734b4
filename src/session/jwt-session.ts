import {
  clearChunkedCookie,
  readChunkedCookie,
  writeChunkedCookie,
} from '../cookies/session-cookie-chunks.js'
import { AdapterError, JWTSessionError } from '../errors.js'
import { isPending } from '../crypto/maybe-then.js'
import type { MaybePromise } from '../crypto/crypto-backend.js'
import type { DecryptedSessionToken } from '../crypto/session-jwe.js'
import { fireEvent } from '../lib/fire-event.js'
import { newMetadata } from './session-record.js'
import { cryptoBackend } from '#crypto'
import {
  GENERATION_CLAIM,
  SESSION_ID_CLAIM,
  isRevoked,
  knownRevocations,
  newSessionClaims,
  raiseGeneration,
  revokeSessionId,
} from './session-revocation.js'
import { isoTime } from '../lib/iso-time.js'
import type { Cookie, JWT, ResponseInternal, Session } from '../types.js'
import { noStoreHeaders } from './no-store-headers.js'
import type { SessionReadContext, SessionStrategy, SignInOutcome } from './session-strategy.js'
import { wantsEverywhere } from './wants-everywhere.js'

/**
 * A custom `jwt.decode`, its result in the shape of our own decryption (`current`: nothing to rotate); one that
 * throws is treated like a token that does not decode.
 */
async function decodeCustom(
  ctx: SessionReadContext,
  decode: NonNullable<SessionReadContext['config']['jwt']['decode']>,
  value: string,
): Promise<DecryptedSessionToken | null> {
  try {
    const token = await decode({
      token: value,
      secret: [...ctx.config.secrets],
      salt: ctx.cookies.sessionToken.name,
    })
    return token ? { payload: token, plaintext: JSON.stringify(token), current: true } : null
  } catch {
    return null
  }
}

/**
 * The session token's claims, the JSON they came from (to tell whether the `jwt` callback changed them) and whether
 * the current secret made it; without a custom `jwt.decode` and on `node:crypto`, no promise at all (hot path).
 */
export function decodeSessionToken(
  ctx: SessionReadContext,
  value: string,
): MaybePromise<DecryptedSessionToken | null> {
  const { decode } = ctx.config.jwt
  if (decode) return decodeCustom(ctx, decode, value)
  const result = ctx.mode.sessionJwe.decrypt(value)
  return isPending(result)
    ? result.then(
        (value) => value,
        () => null,
      )
    : result
}

export async function encodeSessionToken(ctx: SessionReadContext, token: JWT): Promise<string> {
  const { config, mode } = ctx
  if (config.jwt.encode) {
    return config.jwt.encode({
      token,
      secret: [...config.secrets],
      salt: ctx.cookies.sessionToken.name,
      maxAge: config.jwt.maxAge,
    })
  }
  return mode.sessionJwe.encrypt(token, config.jwt.maxAge)
}

export function sessionCookies(ctx: SessionReadContext, value: string, now: number): Cookie[] {
  const { name, options } = ctx.cookies.sessionToken
  const expires = new Date(now + ctx.config.session.maxAge * 1000)
  return writeChunkedCookie(name, value, { ...options, expires }, ctx.req.cookies)
}

/**
 * Whether a decoded session token was revoked (configured revocations only): `undefined` when it stands, else
 * the answer to give. A store that cannot answer is a 503 that keeps the cookie, as a database session's outage is.
 */
async function revokedAnswer(
  ctx: SessionReadContext,
  token: JWT,
  headers: Record<string, string>,
  read?: ReturnType<typeof knownRevocations>,
): Promise<ResponseInternal<null> | undefined> {
  const revocation = ctx.config.sessionRevocation
  const userId = token.sub
  if (revocation === undefined || typeof userId !== 'string') return undefined
  try {
    const pending = read ?? knownRevocations(revocation, userId)
    const known = pending instanceof Promise ? await pending : pending
    if (!isRevoked(known, token)) return undefined
  } catch (error) {
    ctx.config.logger.error(new JWTSessionError(error as Error, { reason: 'session_lookup_failed' }))
    return { status: 503, headers: { ...headers, 'Retry-After': '1' }, body: null }
  }
  ctx.config.logger.debug('revoked JWT session; cookie cleared')
  return { status: 200, headers, body: null, cookies: clearSession(ctx) }
}

/** Revokes the session of a decoded token, and with `everywhere` every session of its user (configured only). */
export async function revokeToken(ctx: SessionReadContext, token: JWT, everywhere: boolean): Promise<void> {
  const revocation = ctx.config.sessionRevocation
  const userId = token.sub
  if (revocation === undefined || typeof userId !== 'string') return
  const id = token[SESSION_ID_CLAIM]
  // The entry must outlive every re-issue of the token: the longest it could still be presented.
  const expires = new Date(Date.now() + Math.max(ctx.config.session.maxAge, ctx.config.jwt.maxAge) * 1000)
  if (typeof id === 'string') {
    await revokeSessionId(revocation, userId, id, expires)
    await revocation.records?.deleteJwtSession(userId, id).catch(() => undefined)
  }
  if (everywhere) await raiseGeneration(revocation, userId)
}

/** A re-issued session's record: last seen now, expiring with the new token. Best effort. */
async function touchRecord(ctx: SessionReadContext, token: JWT, now: number): Promise<void> {
  const id = token[SESSION_ID_CLAIM]
  if (typeof id !== 'string' || typeof token.sub !== 'string') return
  const expires = new Date(now + ctx.config.session.maxAge * 1000)
  await ctx.config.sessionRevocation?.records
    ?.updateJwtSession(token.sub, id, { lastSeenAt: new Date(now), expires })
    .catch((error: unknown) => ctx.config.logger.debug('the JWT session record was not refreshed', error))
}

/** The claims of revocation kept on a token a `jwt` callback rebuilt without them. */
function keepClaims(token: JWT, from: JWT): JWT {
  if (from[SESSION_ID_CLAIM] === undefined || token[SESSION_ID_CLAIM] !== undefined) return token
  return { ...token, [SESSION_ID_CLAIM]: from[SESSION_ID_CLAIM], [GENERATION_CLAIM]: from[GENERATION_CLAIM] }
}

export function clearSession(ctx: SessionReadContext): Cookie[] {
  const { name, options } = ctx.cookies.sessionToken
  return clearChunkedCookie(name, options, ctx.req.cookies)
}

/**
 * Sessions kept in an encrypted JWT cookie, byte-compatible with Auth.js. Unlike Auth.js, `session.updateAge` is
 * honoured: the cookie is re-issued only when the token is older than `updateAge` or the `jwt` callback changed
 * it, so a session check is one decryption and no encryption.
 */
export const jwtSession: SessionStrategy = {
  async read(ctx, update, options) {
    const { config } = ctx
    const value = readChunkedCookie(ctx.req.cookies, ctx.cookies.sessionToken.name)
    const headers = update ? { 'Content-Type': 'application/json' } : noStoreHeaders
    if (value === undefined) return { status: 200, headers, body: null }
    const pending = decodeSessionToken(ctx, value)
    const decoded = isPending(pending) ? await pending : pending
    if (!decoded) {
      config.logger.error(
        new JWTSessionError(
          'The session cookie could not be decrypted (expired, tampered, or made with another secret); it was cleared.',
          {
            reason: 'session_token_invalid',
          },
        ),
      )
      return { status: 200, headers, body: null, cookies: clearSession(ctx) }
    }
    const revocation = config.sessionRevocation
    if (revocation !== undefined && typeof decoded.payload.sub === 'string') {
      // A user's revocations known and this token not among them: no promise, no await (the hot path).
      const known = knownRevocations(revocation, decoded.payload.sub)
      if (known instanceof Promise || isRevoked(known, decoded.payload)) {
        const revoked = await revokedAnswer(ctx, decoded.payload, headers, known)
        if (revoked !== undefined) return revoked
      }
    }
    let token: JWT | null = decoded.payload
    if (config.customCallbacks.jwt || update) {
      token = await config.callbacks.jwt({
        token: decoded.payload,
        session: update?.data,
        ...(update ? { trigger: 'update' as const } : {}),
      } as Parameters<typeof config.callbacks.jwt>[0])
      if (token === null) return { status: 200, headers, body: null, cookies: clearSession(ctx) }
      if (config.sessionRevocation !== undefined) token = keepClaims(token, decoded.payload)
    }
    const now = Date.now()
    // Compare content, not identity: a callback returning `{ ...token }` unchanged (the usual style) must not force
    // an encryption and a Set-Cookie on every session check. Without a callback run, nothing can have changed.
    const ranCallback = config.customCallbacks.jwt || update !== undefined
    const changed = ranCallback && JSON.stringify(token) !== decoded.plaintext
    const iat = typeof decoded.payload.iat === 'number' ? decoded.payload.iat : 0
    const reissue =
      options?.reissue !== false &&
      (changed ||
        !decoded.current ||
        config.session.updateAge === 0 ||
        now / 1000 - iat >= config.session.updateAge)
    const fromNow = now + config.session.maxAge * 1000
    // The token's own expiry repeats on every check of that token: its text is remembered (isoTime).
    const expires =
      reissue || typeof token.exp !== 'number' ? new Date(fromNow).toISOString() : isoTime(token.exp * 1000)
    let session: Session = {
      user: { name: token.name, email: token.email, image: token.picture },
      expires,
    }
    if (config.customCallbacks.session) {
      session = (await config.callbacks.session({
        session,
        token,
        ...(update ? { trigger: 'update' as const, newSession: update.data } : {}),
      } as Parameters<typeof config.callbacks.session>[0])) as Session
    } else {
      const user = session.user!
      session = { user: { name: user.name, email: user.email, image: user.image }, expires: session.expires }
    }
    if (config.events.session) await fireEvent(ctx, config.events.session, { session, token })
    if (reissue && revocation?.records !== undefined) await touchRecord(ctx, token, now)
    const cookies = reissue ? sessionCookies(ctx, await encodeSessionToken(ctx, token), now) : undefined
    return cookies
      ? { status: 200, headers, body: session, cookies }
      : { status: 200, headers, body: session }
  },

  async create(ctx, { user, account, profile, isNewUser }: SignInOutcome) {
    const { config } = ctx
    const sub = user.id?.toString()
    const revocation = config.sessionRevocation
    let claims: Record<string, unknown> = {}
    if (revocation !== undefined && sub !== undefined) {
      // Session fixation: the session this browser held before (a planted cookie, or the user's own) is revoked,
      // so a copy of that cookie is no session either. Best effort: a cookie that does not decode is no session.
      const previous = readChunkedCookie(ctx.req.cookies, ctx.cookies.sessionToken.name)
      const old = previous === undefined ? null : await decodeSessionToken(ctx, previous)
      if (old) await revokeToken(ctx, old.payload, false)
      claims = await newSessionClaims(revocation, sub, () =>
        cryptoBackend.encodeBase64url(cryptoBackend.randomBytes(16)),
      )
      // What the user will see of this session; best effort, a sign-in never fails for it.
      const metadata = newMetadata(ctx.req.request.headers.get('user-agent'), ctx.req.clientAddress)
      await revocation.records
        ?.createJwtSession({
          id: claims[SESSION_ID_CLAIM] as string,
          userId: sub,
          generation: claims[GENERATION_CLAIM] as number,
          expires: new Date(metadata.createdAt.getTime() + config.session.maxAge * 1000),
          ...metadata,
        })
        .catch((error: unknown) => config.logger.debug('the JWT session record was not written', error))
    }
    const initial: JWT = { name: user.name, email: user.email, picture: user.image, sub, ...claims }
    const token = await config.callbacks.jwt({
      token: initial,
      user,
      account,
      profile,
      isNewUser,
      trigger: isNewUser ? 'signUp' : 'signIn',
    })
    if (token === null) return clearSession(ctx)
    const kept = revocation !== undefined ? keepClaims(token, claims) : token
    return sessionCookies(ctx, await encodeSessionToken(ctx, kept), Date.now())
  },

  async end(ctx) {
    const value = readChunkedCookie(ctx.req.cookies, ctx.cookies.sessionToken.name)
    const everywhere = wantsEverywhere(ctx)
    const revocable = ctx.config.sessionRevocation !== undefined
    // Without revocations remembered, a JWT lives in its cookie until it expires: no other session can be ended.
    if (everywhere && !revocable) ctx.config.logger.warn('sign-out-everywhere-unsupported')
    if (value !== undefined) {
      const decoded = await decodeSessionToken(ctx, value)
      // Only a session that stands may end the others (an old or foreign cookie must not sign its user out).
      if (decoded && revocable) {
        const answer = everywhere ? await revokedAnswer(ctx, decoded.payload, {}) : undefined
        // A revocation the store could not record fails the sign-out (503, the cookie kept for a retry), as a
        // database session's does: clearing the cookie would report it done while a copy of the token stays valid.
        await revokeToken(ctx, decoded.payload, everywhere && answer === undefined).catch(
          (error: unknown) => {
            if (error instanceof AdapterError) throw error
            const message = error instanceof Error ? error.message : String(error)
            throw new AdapterError(`The session could not be revoked: ${message}`, { cause: error })
          },
        )
      }
      await fireEvent(ctx, ctx.config.events.signOut, { token: decoded?.payload ?? null })
    }
    return clearSession(ctx)
  },

  async signedInUserId(ctx) {
    const { config } = ctx
    const adapter = config.adapter
    if (!adapter?.getUser) return null
    const value = readChunkedCookie(ctx.req.cookies, ctx.cookies.sessionToken.name)
    if (value === undefined) return null
    // A token that does not decode is simply no session, as on the session endpoint.
    const decoded = await decodeSessionToken(ctx, value)
    const sub = decoded?.payload.sub
    if (typeof sub !== 'string') return null
    // A revoked session links nothing.
    if (
      config.sessionRevocation !== undefined &&
      (await revokedAnswer(ctx, decoded!.payload, {})) !== undefined
    )
      return null
    const user = await adapter.getUser(sub)
    return user ? user.id : null
  },

  readFailed(ctx, error) {
    // As in Auth.js, a JWT that cannot be turned into a session is cleared.
    ctx.config.logger.error(new JWTSessionError(error instanceof Error ? error : String(error)))
    return { status: 200, headers: noStoreHeaders, body: null, cookies: clearSession(ctx) }
  },
}
