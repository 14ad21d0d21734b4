import type { AuthConfig, Awaitable } from '../types.js'
import { fillDefaultStores } from '../stores/resolve-stores.js'
import { reportFailure, resolveOrReport, type Resolution } from './config-failure.js'

type Env = Record<string, string | undefined>

/** A configuration, or a function of the request returning one, as `Auth`, `NextAuth` and `SvelteKitAuth` take. */
export type ConfigInput =
  | AuthConfig
  // `providers?: never` lets the compiler tell an object from a function by `providers`, so a misspelt option of
  // an object is reported against AuthConfig with its "did you mean" (TS2561), not against this union.
  | (((request: Request) => Awaitable<AuthConfig>) & { providers?: never })

/**
 * The resolution for a request: at once for a configuration object, after the function for a function. `fixed` is
 * the resolution of a configuration object, which needs no request (a session read given no `Request` uses it).
 */
export type ConfigSource = ((request: Request) => Resolution | Promise<Resolution>) & {
  readonly fixed?: Resolution | undefined
}

/** `createAuth` answers in its own way (`handleRaw`), so a `raw` in the configuration is ignored. */
function withoutRaw(config: AuthConfig): AuthConfig {
  return typeof config === 'object' && config !== null ? { ...config, raw: undefined } : config
}

/**
 * Binds a configuration input for `createAuth`. An object is resolved now, once, so a broken one is reported at
 * start. A function is called per request (as Auth.js does) and each configuration object it returns is resolved
 * once and remembered by this source, so returning the same object costs nothing; one that throws counts as a
 * broken configuration, answered with the configuration error rather than an exception.
 */
export function configSource(input: ConfigInput, env: Env): ConfigSource {
  if (typeof input !== 'function') {
    const resolution = resolveOrReport(withoutRaw(input), env)
    return Object.assign(() => resolution, { fixed: resolution })
  }
  // Every configuration the function returns, a new object per request included, shares one set of default stores.
  const withStores = fillDefaultStores()
  const resolved = new WeakMap<AuthConfig, Resolution>()
  const resolve = (config: AuthConfig): Resolution => {
    if (typeof config !== 'object' || config === null) return resolveOrReport(config, env)
    let resolution = resolved.get(config)
    if (!resolution) {
      resolution = resolveOrReport(withoutRaw(config), env)
      resolved.set(config, resolution)
    }
    return resolution
  }
  return async (request) => {
    let config: AuthConfig
    try {
      config = await input(request)
    } catch (error) {
      return reportFailure(error, { providers: [] }, env)
    }
    return resolve(withStores(config))
  }
}
