import type { LoggerInstance, Session } from '../types.js'
import type { GuardAnswer, GuardRequest, GuardResult, GuardRule } from './guard-rule.js'

type Verdict = 'allow' | 'deny' | Response

type SessionRead = Pick<GuardResult, 'session' | 'cookies' | 'setCookie'>

function passed(read: SessionRead): GuardResult {
  return { session: read.session, cookies: read.cookies, setCookie: read.setCookie, pass: true }
}

function refused(read: SessionRead, answer: GuardAnswer): GuardResult {
  return { session: read.session, cookies: read.cookies, setCookie: read.setCookie, pass: false, answer }
}

/** What the guard needs of a configuration: its session reader, where its pages are, and its logger. */
export interface GuardBinding {
  /** Reads the session, with the cookies to set; fails closed (`null`). */
  readSession(input: GuardRequest): Promise<SessionRead>
  basePath: string
  /** `pages.signIn`, else `{basePath}/signin`. */
  signInPage: string
  logger: LoggerInstance
}

const ABSOLUTE = /^[a-z][a-z\d+.-]*:/i

function isUnder(pathname: string, basePath: string): boolean {
  return pathname === basePath || pathname.startsWith(`${basePath}/`)
}

/** Runs `authorized`, or the default (signed in); a throw denies, and is logged. */
async function decide(
  rule: GuardRule,
  auth: Session | null,
  url: () => URL,
  logger: LoggerInstance,
): Promise<Verdict> {
  if (!rule.authorized) return auth ? 'allow' : 'deny'
  try {
    const verdict = await rule.authorized({ auth, url: url() })
    if (verdict instanceof Response) return verdict
    return verdict === false ? 'deny' : 'allow'
  } catch (error) {
    logger.error(new Error('callbacks.authorized threw; the request is denied', { cause: error }))
    return 'deny'
  }
}

/**
 * The sign-in page with `callbackUrl`: a path when the page asked for is a path (`encodeURIComponent`, as
 * `requireSession` always wrote it), an absolute URL on the origin of the page asked for when that is absolute
 * (`URLSearchParams`, as the Next.js middleware always wrote it).
 */
function signInLocation(signInPage: string, callbackUrl: string, requestedOrigin: () => string): string {
  if (ABSOLUTE.test(callbackUrl)) {
    const url = new URL(signInPage, requestedOrigin())
    url.searchParams.set('callbackUrl', callbackUrl)
    return url.href
  }
  return `${signInPage}${signInPage.includes('?') ? '&' : '?'}callbackUrl=${encodeURIComponent(callbackUrl)}`
}

/** Where a verdict sends the browser, as a URL, when it is a redirect. */
function redirectOf(verdict: Verdict, location: () => string, origin: string): URL | undefined {
  if (verdict === 'allow') return undefined
  const target = verdict === 'deny' ? location() : verdict.headers.get('Location')
  if (verdict !== 'deny' && (!target || verdict.status < 300 || verdict.status >= 400)) return undefined
  try {
    return new URL(target!, origin)
  } catch {
    return undefined
  }
}

/**
 * Whether following `target` would loop: it is the page asked for, or the same rule, asked about the target with the
 * same session, sends it back to the target or to the page asked for (a sign-in page that the rule protects).
 */
async function loops(
  binding: GuardBinding,
  rule: GuardRule,
  requested: URL,
  target: URL,
  auth: Session | null,
  signInPage: string,
): Promise<boolean> {
  if (target.origin !== requested.origin) return false
  if (rule.passAuthRoutes && isUnder(target.pathname, binding.basePath)) return false
  if (target.pathname === requested.pathname) return true
  const again = await decide(rule, auth, () => target, binding.logger)
  const next = redirectOf(
    again,
    () => signInLocation(signInPage, target.href, () => target.origin),
    target.origin,
  )
  return (
    next !== undefined &&
    next.origin === target.origin &&
    (next.pathname === target.pathname || next.pathname === requested.pathname)
  )
}

function loopAnswer(logger: LoggerInstance, requested: URL, target: URL): GuardAnswer {
  const message =
    `callbacks.authorized sends ${requested.pathname} to ${target.pathname}, which it denies too: ` +
    'the browser would loop. Allow that page in `authorized` or leave it out of the middleware matcher.'
  logger.error(Object.assign(new Error(message), { code: 'authorized_redirect_loop' }))
  const response = new Response(`Gatehouse: ${message}\n`, {
    status: 500,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  })
  return { kind: 'response', response }
}

/**
 * The one guard: reads the session (with the cookies the answer must carry), applies the rule, and says how to
 * answer a refusal, as data each framework writes its own way. Fails closed: a session that cannot be read is none.
 */
export async function runGuard(
  binding: GuardBinding,
  input: GuardRequest,
  rule: GuardRule = {},
): Promise<GuardResult> {
  const read = await binding.readSession(input)
  const { session } = read
  let requested: URL | undefined
  const requestedUrl = () => (requested ??= new URL(input.url, input.origin))
  if (rule.passAuthRoutes && isUnder(requestedUrl().pathname, binding.basePath)) return passed(read)
  const verdict = await decide(rule, session, requestedUrl, binding.logger)
  if (verdict === 'allow') return passed(read)
  const signInPage = rule.signInPage ?? binding.signInPage
  const location = () => signInLocation(signInPage, input.url, () => requestedUrl().origin)
  if (rule.authorized) {
    // Only a rule of the application's own can send the browser round: the default one refuses only the signed out.
    const target = redirectOf(verdict, location, requestedUrl().origin)
    if (target && (await loops(binding, rule, requestedUrl(), target, session, signInPage)))
      return refused(read, loopAnswer(binding.logger, requestedUrl(), target))
  }
  if (verdict !== 'deny') return refused(read, { kind: 'response', response: verdict })
  const deny = rule.deny ?? 'negotiate'
  const json =
    deny === 'json' || (deny === 'negotiate' && !(input.accept ?? '').toLowerCase().includes('text/html'))
  const answer: GuardAnswer = json
    ? { kind: 'unauthorized', body: { message: rule.message ?? 'Sign in required.' } }
    : { kind: 'redirect', location: location() }
  return refused(read, answer)
}
