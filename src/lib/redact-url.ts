/**
 * A database URL fit for a log line: the password masked. An unparsable URL is not echoed at all, since the part
 * that broke parsing may be the password.
 */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url)
    if (u.password) u.password = '***'
    return u.href
  } catch {
    return '(unparsable URL)'
  }
}
