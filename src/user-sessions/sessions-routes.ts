/**
 * The HTTP side of session management, for the signed-in user: `GET {basePath}/sessions` (JSON),
 * `POST {basePath}/sessions/revoke` (`sessionId`: an id, `others` or `all`; CSRF) and the built-in page
 * `GET {basePath}/account/sessions`.
 *
 * @module
 */
import { recordAuditEvent } from '../audit/record-audit-event.js'
import { pageResult } from '../pages/page-result.js'
import { renderSessionsPage } from '../pages/sessions-page.js'
import type { RequestContext } from '../routing/request-context.js'
import { noStoreHeaders } from '../session/no-store-headers.js'
import type { Cookie, ResponseInternal } from '../types.js'
import { revokeUserSessions } from './revoke-sessions.js'
import { currentSession, endUserSession, userSessions, type SessionSummary } from './user-sessions.js'

const unauthorized: ResponseInternal = {
  status: 401,
  headers: noStoreHeaders,
  body: { error: 'unauthorized' },
}

const asJson = (s: SessionSummary) => ({
  ...s,
  createdAt: s.createdAt?.toISOString() ?? null,
  lastSeenAt: s.lastSeenAt?.toISOString() ?? null,
  expires: s.expires.toISOString(),
})

/** GET /sessions: the signed-in user's sessions, the current one marked; 401 without a session. */
export async function sessionsList(ctx: RequestContext): Promise<ResponseInternal> {
  const current = await currentSession(ctx)
  if (!current) return unauthorized
  const sessions = await userSessions(ctx.config, current.userId, current.id)
  return { status: 200, headers: noStoreHeaders, body: { sessions: sessions.map(asJson) } }
}

/**
 * POST /sessions/revoke: ends one of the user's own sessions (`sessionId`), all the others (`others`) or all
 * (`all`, which signs this browser out too). JSON when asked for (`Accept` or a JSON body), else back to the page.
 */
export async function sessionsRevoke(ctx: RequestContext): Promise<ResponseInternal> {
  const wantsJson =
    ctx.req.request.headers.get('accept')?.includes('application/json') === true ||
    ctx.req.request.headers.get('content-type')?.includes('application/json') === true
  const current = await currentSession(ctx)
  if (!current) return unauthorized
  const raw = ctx.req.body?.['sessionId'] ?? ctx.req.body?.['all']
  const target = raw === true || raw === 'true' ? 'all' : raw
  if (typeof target !== 'string' || target === '' || target.length > 256) {
    return { status: 400, headers: noStoreHeaders, body: { error: 'sessionId is missing or not a string' } }
  }
  let cookies: Cookie[] = []
  let revoked: boolean
  if (target === 'others' || target === 'all') {
    cookies = await revokeUserSessions(ctx, current.userId, { keep: target === 'others' })
    if (target === 'all') cookies = await ctx.config.sessionStrategy.end(ctx)
    revoked = true
  } else {
    revoked = await endUserSession(ctx.config, current.userId, target)
    if (revoked && target === current.id) cookies = await ctx.config.sessionStrategy.end(ctx)
  }
  if (!revoked) return { status: 404, headers: noStoreHeaders, body: { error: 'no such session' }, cookies }
  await recordAuditEvent(ctx, {
    type: 'session-revoked',
    userId: current.userId,
    reason: target === 'others' || target === 'all' ? `revoked_${target}` : 'revoked_one',
  })
  if (wantsJson) return { status: 200, headers: noStoreHeaders, body: { revoked: true }, cookies }
  return { redirect: ctx.routeUrl('account/sessions'), cookies }
}

/** GET /account/sessions: the built-in page; without a session, to the sign-in page and back. */
export async function sessionsPage(ctx: RequestContext): Promise<ResponseInternal> {
  const current = await currentSession(ctx)
  if (!current) {
    const back = encodeURIComponent(ctx.routeUrl('account/sessions'))
    return { redirect: `${ctx.actionUrl('signin')}?callbackUrl=${back}` }
  }
  const sessions = await userSessions(ctx.config, current.userId, current.id)
  const csrf = ctx.csrf()
  const page = renderSessionsPage({
    revokeUrl: ctx.routeUrl('sessions/revoke'),
    csrfToken: csrf.token,
    sessions,
    theme: ctx.config.theme,
  })
  return { ...pageResult(page), cookies: csrf.cookie ? [csrf.cookie] : [] }
}
