/** A minimal browser-like cookie jar for HTTP tests: keeps name → value, honours Max-Age=0 and past Expires. */
export class CookieJar {
  readonly values = new Map<string, string>()

  /** Takes every Set-Cookie of a response. */
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      const expired = attributes.some((a) => {
        const [k = '', v = ''] = a.trim().split('=')
        if (k.toLowerCase() === 'max-age') return Number(v) <= 0
        if (k.toLowerCase() === 'expires') return Date.parse(v) < Date.now()
        return false
      })
      if (expired) this.values.delete(name)
      else this.values.set(name, value)
    }
  }

  /** The `Cookie` request header. */
  header(): string {
    return [...this.values].map(([k, v]) => `${k}=${v}`).join('; ')
  }

  get(name: string): string | undefined {
    const v = this.values.get(name)
    return v === undefined ? undefined : decodeURIComponent(v)
  }
}

/** fetch that sends and keeps the jar's cookies and never follows redirects. */
export async function jarFetch(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers)
  const cookie = jar.header()
  if (cookie) headers.set('cookie', cookie)
  const response = await fetch(url, { ...init, headers, redirect: 'manual' })
  jar.take(response)
  return response
}

/** Gets a CSRF token (and its cookie into the jar). */
export async function csrfToken(jar: CookieJar, origin: string, basePath = '/auth'): Promise<string> {
  const res = await jarFetch(jar, `${origin}${basePath}/csrf`)
  const body = (await res.json()) as { csrfToken: string }
  return body.csrfToken
}

/** A form POST body. */
export function form(fields: Record<string, string>): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  }
}
