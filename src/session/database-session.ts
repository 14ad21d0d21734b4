import type { AdapterSession, AdapterUser } from '../adapters/adapter.js'
import type { AdapterFor } from '../adapters/adapter-for.js'
import { clearChunkedCookie, readChunkedCookie } from '../cookies/session-cookie-chunks.js'
import { AdapterError, MissingAdapter, SessionTokenError } from '../errors.js'
import { fireEvent } from '../lib/fire-event.js'
import { newMetadata } from './session-record.js'
import type { RequestContext } from '../routing/request-context.js'
import type { Cookie, ResponseInternal, Session } from '../types.js'
import { noStoreHeaders } from './no-store-headers.js'
import { sessionTokenKeys } from './session-token-key.js'
import { wantsEverywhere } from './wants-everywhere.js'
import type { SessionReadContext, SessionStrategy, SignInOutcome } from './session-strategy.js'

type Found = { key: string; session: AdapterSession; user: AdapterUser }

/** The adapter as database sessions see it. */
export type SessionAdapter = AdapterFor<'database-sessions'>

function adapterOf(ctx: SessionReadContext): SessionAdapter {
  const adapter = ctx.config.sessionAdapter
  // Configuration refuses the database strategy without an adapter that has these methods.
  if (!adapter) throw new MissingAdapter('Database sessions need an adapter with the session methods.')
  return adapter
}

function tokenCookie(ctx: SessionReadContext, token: string, expires: Date): Cookie {
  const { name, options } = ctx.cookies.sessionToken
  return { name, value: token, options: { ...options, expires } }
}

function clearCookie(ctx: SessionReadContext): Cookie[] {
  const { name, options } = ctx.cookies.sessionToken
  return clearChunkedCookie(name, options, ctx.req.cookies)
}

/**
 * Finds the session of a cookie token. In `hashed-accept-plain` mode a session found under its plain token is
 * re-stored under the hash at once, so plain tokens disappear from the table as their owners come back.
 */
export async function findSession(ctx: SessionReadContext, token: string): Promise<Found | null> {
  const adapter = adapterOf(ctx)
  const keys = sessionTokenKeys(token, ctx.config.session.tokenStorage)
  for (const [index, key] of keys.entries()) {
    const found = await adapter.getSessionAndUser(key)
    if (!found) continue
    // Adapters that keep JSON may hand back an ISO string; Auth.js adapters are meant to return a Date.
    const session = { ...found.session, expires: new Date(found.session.expires) }
    if (index === 0 || keys[0] === undefined) return { key, session, user: found.user }
    // Only the three fields of the contract: a row from an Auth.js adapter may carry its own `id` (Prisma does),
    // and handing that back to `createSession` collides with the row being migrated, failing every read.
    const hashed = { sessionToken: keys[0], userId: session.userId, expires: session.expires }
    try {
      await adapter.createSession(hashed)
    } catch (error) {
      // A concurrent request with the same cookie re-stored it first.
      const again = await adapter.getSessionAndUser(keys[0])
      if (!again) throw error
    }
    // A concurrent request with the same cookie may have deleted the plain row already; adapters that throw for a
    // missing row must not turn that race into a failed read. A row left behind is re-found and removed next time.
    await Promise.resolve(adapter.deleteSession(key)).catch(() => undefined)
    return { key: keys[0], session: hashed, user: found.user }
  }
  // Migration mode: between our read of the hash (none yet) and of the plain token (gone), a concurrent request
  // with the same cookie may have moved the row. Look under the hash once more before calling the cookie unknown,
  // which would clear it and sign the browser out.
  if (keys.length > 1 && keys[0] !== undefined) {
    const moved = await adapter.getSessionAndUser(keys[0])
    if (moved) {
      return {
        key: keys[0],
        session: { ...moved.session, expires: new Date(moved.session.expires) },
        user: moved.user,
      }
    }
  }
  return null
}

/**
 * Deletes the session of a cookie token under every key it may be stored as, returning the deleted row when the
 * adapter reports one. Each key is tried even if another fails (many Auth.js adapters throw for a token they do
 * not have), so a plain session in `hashed-accept-plain` mode is not left alive; the first failure is re-thrown.
 */
async function deleteSessionKeys(
  ctx: RequestContext,
  token: string,
  { report = false } = {},
): Promise<AdapterSession | null> {
  const adapter = adapterOf(ctx)
  let session: AdapterSession | null = null
  let failure: unknown
  let failed = false
  for (const key of sessionTokenKeys(token, ctx.config.session.tokenStorage)) {
    try {
      // Many Auth.js adapters (@auth/pg-adapter among them) return nothing from deleteSession; when the row is to be
      // reported (events.signOut), it is read first. A failed read must not stop the delete.
      const before = report ? await Promise.resolve(adapter.getSessionAndUser(key)).catch(() => null) : null
      const deleted = (await adapter.deleteSession(key)) as AdapterSession | null | undefined
      session =
        deleted ?? (before ? { ...before.session, expires: new Date(before.session.expires) } : session)
    } catch (error) {
      if (!failed) failure = error
      failed = true
    }
  }
  if (failed && session === null && !(await goneEverywhere(adapter, token, ctx))) throw failure
  return session
}

/**
 * After a failed delete: whether the session of `token` is gone under every key, read back. Many Auth.js adapters
 * throw for a row they do not have (an old cookie), and that sign-out is done; but when the database is down the
 * read fails too, or it finds the row, and the session is still valid: the sign-out must not be reported done.
 */
async function goneEverywhere(adapter: SessionAdapter, token: string, ctx: RequestContext): Promise<boolean> {
  try {
    for (const key of sessionTokenKeys(token, ctx.config.session.tokenStorage)) {
      if (await adapter.getSessionAndUser(key)) return false
    }
    return true
  } catch {
    return false
  }
}

/**
 * Sessions kept in the adapter; the cookie holds only a random token, and the adapter only its SHA-256 (unless
 * `session.tokenStorage` says otherwise). A session check is one adapter read; the expiry is written, and the
 * cookie re-sent, only once `updateAge` has passed since the last write.
 *
 * @see wire-contract §1.9 (database strategy) and §1.10 (sign-out).
 */
export const databaseSession: SessionStrategy = {
  async read(ctx, update, options): Promise<ResponseInternal<Session | null>> {
    const { config } = ctx
    const headers = update ? { 'Content-Type': 'application/json' } : noStoreHeaders
    const token = readChunkedCookie(ctx.req.cookies, ctx.cookies.sessionToken.name)
    if (token === undefined) return { status: 200, headers, body: null }
    try {
      const adapter = adapterOf(ctx)
      const found = await findSession(ctx, token)
      const now = Date.now()
      if (!found || found.session.expires.getTime() <= now) {
        // Read-only callers leave the expired row to the next check that can write (or `gatehouse prune`).
        if (found && options?.reissue !== false) await adapter.deleteSession(found.key)
        config.logger.debug(found ? 'database session expired; row deleted' : 'unknown session token')
        return { status: 200, headers, body: null, cookies: clearCookie(ctx) }
      }
      const { maxAge, updateAge } = config.session
      let expires = found.session.expires
      let cookies: Cookie[] | undefined
      // Sliding expiry: the last write set expires = then + maxAge, so `updateAge` has passed once
      // expires - maxAge + updateAge <= now. Before that, nothing is written and no cookie is sent.
      if (options?.reissue !== false && expires.getTime() - maxAge * 1000 + updateAge * 1000 <= now) {
        expires = new Date(now + maxAge * 1000)
        await adapter.updateSession({ sessionToken: found.key, expires })
        // Last seen moves with the expiry (once per updateAge): no write of its own on the hot path.
        if (typeof adapter.updateSessionMetadata === 'function') {
          await Promise.resolve(
            adapter.updateSessionMetadata(found.key, { lastSeenAt: new Date(now) }),
          ).catch((error: unknown) => config.logger.debug('the session metadata was not refreshed', error))
        }
        cookies = [tokenCookie(ctx, token, expires)]
      }
      const { user } = found
      // The adapter's sessionToken is left out: a custom callback returning `session` must not expose the key.
      const base: Session = { user, expires: expires.toISOString(), userId: user.id }
      const session = (await config.callbacks.session({
        session: base,
        user,
        ...(update ? { trigger: 'update' as const, newSession: update.data } : {}),
      } as unknown as Parameters<typeof config.callbacks.session>[0])) as Session
      await fireEvent(ctx, config.events.session, { session } as Parameters<
        NonNullable<typeof config.events.session>
      >[0])
      return cookies
        ? { status: 200, headers, body: session, cookies }
        : { status: 200, headers, body: session }
    } catch (error) {
      if (!(error instanceof AdapterError)) throw error
      // The database is unreachable or failing: say so with a 503 and keep the cookie, since the session may
      // well be valid; `null` as the body so no client mistakes an error for a session.
      config.logger.error(new SessionTokenError(error, { reason: 'session_lookup_failed' }))
      return { status: 503, headers: { ...headers, 'Retry-After': '1' }, body: null }
    }
  },

  async create(ctx, { user }: SignInOutcome) {
    const { config } = ctx
    const token = config.session.generateSessionToken()
    const [key] = sessionTokenKeys(token, config.session.tokenStorage)
    const expires = new Date(Date.now() + config.session.maxAge * 1000)
    // ASVS 7.2.4 / session fixation: this browser's previous session (a planted token, or the user's own before a
    // re-sign-in or a provider link) is deleted, not just overwritten in the cookie, so that copy is dead too.
    // Best effort: many Auth.js adapters throw for a token they do not have (an expired or foreign cookie), which
    // must not block signing in; a real outage fails the createSession below anyway.
    const previous = readChunkedCookie(ctx.req.cookies, ctx.cookies.sessionToken.name)
    if (previous !== undefined) {
      await deleteSessionKeys(ctx, previous).catch((error: unknown) =>
        config.logger.debug('the previous session of this browser could not be deleted', error),
      )
    }
    const adapter = adapterOf(ctx)
    await adapter.createSession({ sessionToken: key ?? token, userId: user.id!, expires })
    // What the user will see of this session (Gatehouse's adapters); best effort, never failing the sign-in.
    if (typeof adapter.updateSessionMetadata === 'function') {
      const metadata = newMetadata(ctx.req.request.headers.get('user-agent'), ctx.req.clientAddress)
      await Promise.resolve(adapter.updateSessionMetadata(key ?? token, metadata)).catch((error: unknown) =>
        config.logger.debug('the session metadata was not written', error),
      )
    }
    return [tokenCookie(ctx, token, expires)]
  },

  async end(ctx) {
    const { config } = ctx
    const token = readChunkedCookie(ctx.req.cookies, ctx.cookies.sessionToken.name)
    if (token !== undefined) {
      // "Sign out everywhere" ends every session of the user this browser is signed in as; only a live session
      // may ask for it, so an old or foreign cookie cannot end anyone's sessions.
      const found = wantsEverywhere(ctx) ? await findSession(ctx, token) : null
      // The row for events.signOut is read before deleting only when not read here already.
      const report = config.events.signOut !== undefined && found === null
      const session = (await deleteSessionKeys(ctx, token, { report })) ?? found?.session ?? null
      if (found && found.session.expires.getTime() > Date.now()) {
        const adapter = adapterOf(ctx)
        if (typeof adapter.deleteSessions === 'function') await adapter.deleteSessions(found.user.id)
        else config.logger.warn('sign-out-everywhere-unsupported')
      }
      await fireEvent(ctx, config.events.signOut, { session })
    }
    return clearCookie(ctx)
  },

  // An expired session counts as none.
  async signedInUserId(ctx) {
    const token = readChunkedCookie(ctx.req.cookies, ctx.cookies.sessionToken.name)
    if (token === undefined) return null
    const found = await findSession(ctx, token)
    return found && found.session.expires.getTime() > Date.now() ? found.user.id : null
  },

  readFailed(ctx, error) {
    // The row may well be valid (a callback failed, not the session): it and its cookie are left alone.
    ctx.config.logger.error(new SessionTokenError(error instanceof Error ? error : String(error)))
    return { status: 200, headers: noStoreHeaders, body: null }
  },
}
