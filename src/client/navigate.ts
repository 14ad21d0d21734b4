/** The page the browser is on, or `/` where there is none (a server rendering a client component). */
export function currentHref(): string {
  return typeof window === 'undefined' ? '/' : window.location.href
}

/** Sends the browser to `url`; a URL with a fragment needs a reload to load anything (next-auth does the same). */
export function navigate(url: string): void {
  if (typeof window === 'undefined') return
  window.location.href = url
  if (url.includes('#')) window.location.reload()
}

/** The `error` and `code` query parameters of a returned URL, without throwing on a malformed one. */
export function errorOf(url: unknown): { error: string | undefined; code: string | undefined } {
  try {
    const parsed = new URL(
      String(url),
      typeof window === 'undefined' ? 'http://localhost' : window.location.href,
    )
    return {
      error: parsed.searchParams.get('error') ?? undefined,
      code: parsed.searchParams.get('code') ?? undefined,
    }
  } catch {
    return { error: 'ClientFetchError', code: undefined }
  }
}
