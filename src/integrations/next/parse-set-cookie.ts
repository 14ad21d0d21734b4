import type { Cookie } from '../../types.js'

/** A `Set-Cookie` line from the core as `{ name, value, options }` for Next's `cookies().set`. */
export function parseSetCookie(line: string): Cookie | undefined {
  const [pair = '', ...attributes] = line.split(';')
  const eq = pair.indexOf('=')
  if (eq <= 0) return undefined
  const options: Cookie['options'] = {}
  for (const attribute of attributes) {
    const [rawKey = '', ...rest] = attribute.trim().split('=')
    const key = rawKey.toLowerCase()
    const value = rest.join('=')
    if (key === 'path') options.path = value
    else if (key === 'domain') options.domain = value
    else if (key === 'max-age') options.maxAge = Number(value)
    else if (key === 'expires') options.expires = new Date(value)
    else if (key === 'httponly') options.httpOnly = true
    else if (key === 'secure') options.secure = true
    else if (key === 'samesite') options.sameSite = value.toLowerCase() as 'lax' | 'strict' | 'none'
  }
  return { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim(), options }
}
