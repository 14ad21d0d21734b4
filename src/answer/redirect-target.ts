import { InvalidCallbackUrl } from '../errors.js'
import type { RequestContext } from '../routing/request-context.js'

const MAX_URL_LENGTH = 2048

/**
 * A request-supplied address as the normalised absolute URL (relative ones resolved against the origin): http(s),
 * at most 2 KiB, no user info; else `undefined`. A hostile value (`javascript:`, `data:`, `user@host`, garbage) is
 * ignored, where Auth.js answered it with a 500.
 */
export function parseCallbackCandidate(value: unknown, origin: string): string | undefined {
  if (typeof value !== 'string' || value === '' || value.length > MAX_URL_LENGTH) return undefined
  try {
    const url = new URL(value, origin)
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined
    // No return address needs credentials in it, and `http://app.example@evil.example` is the classic way past a
    // `url.startsWith(baseUrl)` check in an application's `redirect` callback.
    if (url.username !== '' || url.password !== '') return undefined
    return url.href.length > MAX_URL_LENGTH ? undefined : url.href
  } catch {
    return undefined
  }
}

/**
 * What a `redirect` callback returned, normalised and checked: an http(s) URL without user info, relative ones
 * resolved against the origin. Only an absolute `http(s)://` answer may leave the origin: that is the callback
 * allowing it explicitly (wire-contract §1.11), while `//host` or `\\host` are path-shaped values that a browser
 * would still take off-site.
 */
function checkedAnswer(answer: unknown, origin: string): string | undefined {
  if (typeof answer !== 'string') return undefined
  const url = parseCallbackCandidate(answer, origin)
  if (url === undefined) return undefined
  if (new URL(url).origin === origin || /^https?:\/\/[^/\\]/i.test(answer.trim())) return url
  return undefined
}

/**
 * The one way a redirect target comes out of the `redirect` callback: the callback gets a normalised absolute URL
 * (never the raw request text) and whatever it answers (a relative path, garbage, a non-string, a throw) ends as a
 * safe http(s) URL, falling back to the origin. The callback's exact answer is kept when it is the origin itself,
 * so the default `url: origin` round trip stays byte-identical to Auth.js.
 */
export async function redirectTarget(ctx: RequestContext, candidate: string): Promise<string> {
  const { config, origin } = ctx
  let answer: unknown
  try {
    answer = await config.callbacks.redirect({ url: candidate, baseUrl: origin })
  } catch (error) {
    config.logger.error(
      new InvalidCallbackUrl('The `redirect` callback threw; the origin is used instead.', {
        cause: error instanceof Error ? error : new Error(String(error)),
        reason: 'redirect_callback_threw',
      }),
    )
    return origin
  }
  if (answer === origin) return origin
  const url = checkedAnswer(answer, origin)
  if (url !== undefined) return url
  config.logger.error(
    new InvalidCallbackUrl(
      'The `redirect` callback answered something that is not an http(s) URL of this origin ' +
        '(or an absolute http(s) URL it allows); the origin is used instead.',
      { reason: 'redirect_callback_answer' },
    ),
  )
  return origin
}
