import type { ResponseInternal } from '../types.js'

/** A rendered built-in page as an internal result. */
export function pageResult(page: {
  status: number
  html: string
  headers: Record<string, string>
}): ResponseInternal<string> {
  return { status: page.status, headers: page.headers, body: page.html }
}

/** `path?key=value&…` for redirects to custom pages, dropping empty values. */
export function withQuery(path: string, params: Record<string, string | undefined>): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') search.set(key, value)
  const query = search.toString()
  if (query === '') return path
  return `${path}${path.includes('?') ? '&' : '?'}${query}`
}
