import { CookieJar, csrfToken, form, jarFetch } from '../../support/cookie-jar.js'

/** The result of following a sign-in: the final callback response and the jar. */
export interface FlowResult {
  /** The answer of our callback endpoint. */
  callback: Response
  /** The authorization URL the sign-in POST redirected to. */
  authorizeUrl: URL
  /** Where the provider sent the browser back to (our callback URL, with the code). */
  callbackUrl: URL
  jar: CookieJar
}

/** POST /signin/{id} with a CSRF token; returns the redirect to the provider. */
export async function startSignIn(
  jar: CookieJar,
  origin: string,
  providerId: string,
  query = '',
): Promise<Response> {
  const token = await csrfToken(jar, origin)
  return jarFetch(
    jar,
    `${origin}/auth/signin/${providerId}${query}`,
    form({ csrfToken: token, callbackUrl: `${origin}/auth/session` }),
  )
}

/**
 * Follows the provider's redirects (with its own cookies) until it sends the browser to `origin`, and returns
 * that URL, or the provider's form_post page.
 */
export async function followProvider(
  opJar: CookieJar,
  start: string,
  origin: string,
): Promise<Response | URL> {
  let url = start
  for (let hop = 0; hop < 12; hop++) {
    if (url.startsWith(origin)) return new URL(url)
    const res = await jarFetch(opJar, url)
    const location = res.headers.get('location')
    if (!location) return res
    url = new URL(location, url).href
  }
  throw new Error('too many redirects at the provider')
}

/** Runs a whole sign-in: sign-in POST, provider, our callback (GET, or POST for form_post pages). */
export async function signIn(origin: string, providerId: string, query = ''): Promise<FlowResult> {
  const jar = new CookieJar()
  const opJar = new CookieJar()
  const start = await startSignIn(jar, origin, providerId, query)
  const location = start.headers.get('location')
  if (start.status !== 302 || !location) throw new Error(`sign-in answered ${start.status}`)
  const back = await followProvider(opJar, location, origin)
  if (back instanceof URL) {
    const callback = await jarFetch(jar, back.href)
    return { callback, authorizeUrl: new URL(location), callbackUrl: back, jar }
  }
  const page = await back.text()
  const action = /action="([^"]+)"/.exec(page)?.[1]
  if (!action) throw new Error(`the provider answered ${back.status}: ${page.slice(0, 300)}`)
  const fields: Record<string, string> = {}
  for (const m of page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g))
    fields[m[1]!] = decode(m[2]!)
  const callback = await jarFetch(jar, action, form(fields))
  return { callback, authorizeUrl: new URL(location), callbackUrl: new URL(action), jar }
}

function decode(html: string): string {
  return html
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

/** Runs a sign-in up to the provider's redirect back, without calling our callback; returns it and the jar. */
export async function reachCallback(
  origin: string,
  providerId: string,
): Promise<{ jar: CookieJar; callbackUrl: URL; authorizeUrl: URL }> {
  const jar = new CookieJar()
  const start = await startSignIn(jar, origin, providerId)
  const location = start.headers.get('location')!
  const back = await followProvider(new CookieJar(), location, origin)
  if (!(back instanceof URL)) throw new Error(`the provider answered ${back.status}`)
  return { jar, callbackUrl: back, authorizeUrl: new URL(location) }
}
