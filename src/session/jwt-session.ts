import {
  clearChunkedCookie,
  readChunkedCookie,
  writeChunkedCookie,
} from '../cookies/session-cookie-chunks.js'
import { JWTSessionError } from '../errors.js'
import { isPending } from '../crypto/maybe-then.js'
import type { MaybePromise } from '../crypto/crypto-backend.js'
import type { DecryptedSessionToken } from '../crypto/session-jwe.js'
import { fireEvent } from '../lib/fire-event.js'
import { isoTime } from '../lib/iso-time.js'
import type { Cookie, JWT, Session } from '../types.js'
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
function decodeSessionToken(
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

async function encodeSessionToken(ctx: SessionReadContext, token: JWT): Promise<string> {
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

function sessionCookies(ctx: SessionReadContext, value: string, now: number): Cookie[] {
  const { name, options } = ctx.cookies.sessionToken
  const expires = new Date(now + ctx.config.session.maxAge * 1000)
  return writeChunkedCookie(name, value, { ...options, expires }, ctx.req.cookies)
}

function clearSession(ctx: SessionReadContext): Cookie[] {
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
    let token: JWT | null = decoded.payload
    if (config.customCallbacks.jwt || update) {
      token = await config.callbacks.jwt({
        token: decoded.payload,
        session: update?.data,
        ...(update ? { trigger: 'update' as const } : {}),
      } as Parameters<typeof config.callbacks.jwt>[0])
      if (token === null) return { status: 200, headers, body: null, cookies: clearSession(ctx) }
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
    const cookies = reissue ? sessionCookies(ctx, await encodeSessionToken(ctx, token), now) : undefined
    return cookies
      ? { status: 200, headers, body: session, cookies }
      : { status: 200, headers, body: session }
  },

  async create(ctx, { user, account, profile, isNewUser }: SignInOutcome) {
    const { config } = ctx
    const initial: JWT = { name: user.name, email: user.email, picture: user.image, sub: user.id?.toString() }
    const token = await config.callbacks.jwt({
      token: initial,
      user,
      account,
      profile,
      isNewUser,
      trigger: isNewUser ? 'signUp' : 'signIn',
    })
    if (token === null) return clearSession(ctx)
    return sessionCookies(ctx, await encodeSessionToken(ctx, token), Date.now())
  },

  async end(ctx) {
    const value = readChunkedCookie(ctx.req.cookies, ctx.cookies.sessionToken.name)
    // A JWT lives in its cookie until it expires: there is no list of a user's other sessions to end.
    if (wantsEverywhere(ctx)) ctx.config.logger.warn('sign-out-everywhere-unsupported')
    if (value !== undefined) {
      const decoded = await decodeSessionToken(ctx, value)
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
    const user = await adapter.getUser(sub)
    return user ? user.id : null
  },

  readFailed(ctx, error) {
    // As in Auth.js, a JWT that cannot be turned into a session is cleared.
    ctx.config.logger.error(new JWTSessionError(error instanceof Error ? error : String(error)))
    return { status: 200, headers: noStoreHeaders, body: null, cookies: clearSession(ctx) }
  },
}
