import { readChunkedCookie } from '../cookies/session-cookie-chunks.js'
import type { RequestContext } from '../routing/request-context.js'
import type { JWT } from '../types.js'
import { databaseSessionUserId } from './database-session.js'

/**
 * The adapter user already signed in on this request, or `null`: from the database session, or from the JWT's
 * `sub` checked against the adapter. Account linking needs it to attach a new provider to that user.
 */
export async function signedInUserId(ctx: RequestContext): Promise<string | null> {
  const { config } = ctx
  const adapter = config.adapter
  if (!adapter?.getUser) return null
  if (config.session.strategy === 'database') return databaseSessionUserId(ctx)
  const value = readChunkedCookie(ctx.req.cookies, ctx.cookies.sessionToken.name)
  if (value === undefined) return null
  let token: JWT | null = null
  if (config.jwt.decode) {
    // A token that does not decode is simply no session, as on the session endpoint.
    token = await Promise.resolve(
      config.jwt.decode({ token: value, secret: [...config.secrets], salt: ctx.cookies.sessionToken.name }),
    ).catch(() => null)
  } else {
    token = (await ctx.mode.sessionJwe.decrypt(value))?.payload ?? null
  }
  if (typeof token?.sub !== 'string') return null
  const user = await adapter.getUser(token.sub)
  return user ? user.id : null
}
