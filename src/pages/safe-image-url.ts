/**
 * The address check for images (the theme logo, provider logos).
 *
 * @module
 */

/** Returns `url` when it is an absolute http(s) URL or a root-relative path (`/logo.svg`), else `undefined`. */
export function safeImageUrl(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined
  // A page-relative path (`logo.svg`) would resolve under the auth base path, which is almost never what the
  // configuration meant, so only root-relative paths and absolute http(s) URLs pass.
  // Browsers drop tabs and newlines anywhere in a URL, so `/\t/host` would be read as `//host`.
  const trimmed = url.replace(/[\t\n\r]/g, '').trim()
  // `//host/x` and `/\host/x` are network-path references, not root-relative ones.
  if (/^\/(?![/\\])/.test(trimmed)) return trimmed
  if (!/^https?:\/\//i.test(trimmed)) return undefined
  try {
    const { protocol } = new URL(trimmed)
    return protocol === 'https:' || protocol === 'http:' ? trimmed : undefined
  } catch {
    return undefined
  }
}
