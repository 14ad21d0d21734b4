import { fillDefaultStores } from '../../stores/resolve-stores.js'
import type { AuthConfig } from '../../types.js'
import type { ExpressLikeRequest } from './express-request.js'

interface MountableRequest extends ExpressLikeRequest {
  baseUrl?: string | undefined
}

/** The base path each configuration was last seen mounted at, for `requireSession`'s sign-in redirect. */
const mountedAt = new WeakMap<AuthConfig, string>()

// A parameterised mount (`/:tenant/auth`) makes one configuration per value; bounded so it cannot grow forever.
const MAX_MOUNTS = 64

/** The path Express mounted the middleware at, when the mount left the action to route (`/auth/*` does not). */
function mountPath(req: MountableRequest): string | undefined {
  const base = req.baseUrl
  if (typeof base !== 'string' || base === '' || !base.startsWith('/')) return undefined
  const rest = (req.url ?? '/').split('?', 1)[0] ?? '/'
  // An Express 4 `app.use('/auth/*')` consumes the whole path: the base then is no mount point.
  if (rest === '/' || rest === '') return undefined
  return base.replace(/\/+$/, '')
}

/**
 * The configuration for requests under one `ExpressAuth` middleware: as given when it sets `basePath`, otherwise
 * with `basePath` taken from where Express mounted it (`req.baseUrl`: `/api/auth` for
 * `app.use('/api/auth', ExpressAuth(config))`), one derived configuration object per mount path.
 */
export function mountedConfig(config: AuthConfig): (req: ExpressLikeRequest) => AuthConfig {
  if (config.basePath !== undefined) return () => config
  // Every mount of one middleware counts and remembers in one place (else a limit would hold per mount path).
  const withStores = fillDefaultStores()
  const byMount = new Map<string, AuthConfig>()
  return (req) => {
    const mount = mountPath(req)
    if (mount === undefined) return config
    let derived = byMount.get(mount)
    if (!derived) {
      if (byMount.size >= MAX_MOUNTS) byMount.clear()
      derived = { ...withStores(config), basePath: mount }
      byMount.set(mount, derived)
      mountedAt.set(config, mount)
    }
    return derived
  }
}

/** The base path of a configuration: its own `basePath`, else where `ExpressAuth` found it mounted, else `/auth`. */
export function basePathOf(config: AuthConfig): string {
  return (config.basePath ?? mountedAt.get(config) ?? '/auth').replace(/\/+$/, '')
}
