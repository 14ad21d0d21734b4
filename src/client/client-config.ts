/** Where the browser client finds the authentication endpoints. */
interface ClientState {
  /** Set by {@link setBasePath} or the `SessionProvider`'s `basePath`; `undefined` means the default. */
  basePath: string | undefined
}

const state: ClientState = { basePath: undefined }

const DEFAULT_BASE_PATH = '/api/auth'

/**
 * Sets the path the client calls (default `/api/auth`, or the path of `NEXTAUTH_URL` when the bundler exposes it),
 * like next-auth's `SessionProvider basePath` prop.
 *
 * @example
 * ```ts
 * setBasePath('/auth')
 * ```
 */
export function setBasePath(basePath: string): void {
  state.basePath = basePath.replace(/\/+$/, '')
}

/** `process.env.NAME` where a bundler or Node provides it, without assuming `process` exists. */
function envVar(name: string): string | undefined {
  const proc = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process
  const value = proc?.env?.[name]
  return value === undefined || value === '' ? undefined : value
}

function parseUrl(url: string | undefined): URL | undefined {
  if (!url) return undefined
  try {
    return new URL(/^https?:/i.test(url) ? url : `https://${url}`)
  } catch {
    return undefined
  }
}

function pathOf(url: URL | undefined): string | undefined {
  return url && url.pathname !== '/' ? url.pathname.replace(/\/+$/, '') : undefined
}

/** The configured base path, for links (`{basePath}/signin`) the browser follows. */
export function clientBasePath(): string {
  return state.basePath ?? pathOf(parseUrl(envVar('NEXTAUTH_URL') ?? envVar('AUTH_URL'))) ?? DEFAULT_BASE_PATH
}

/**
 * The base the client's requests go to: the base path in a browser; on a server (a client component rendered
 * there) an absolute URL from `NEXTAUTH_URL_INTERNAL`, `NEXTAUTH_URL`, `AUTH_URL` or `VERCEL_URL`, as next-auth.
 */
export function apiBaseUrl(): string {
  if (typeof window !== 'undefined') return clientBasePath()
  const server = parseUrl(
    envVar('NEXTAUTH_URL_INTERNAL') ?? envVar('NEXTAUTH_URL') ?? envVar('AUTH_URL') ?? envVar('VERCEL_URL'),
  )
  const origin = server?.origin ?? 'http://localhost:3000'
  return `${origin}${state.basePath ?? pathOf(server) ?? DEFAULT_BASE_PATH}`
}
