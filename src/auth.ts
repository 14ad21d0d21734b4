import type { ResolvedConfig } from './config/resolved-config.js'
import {
  answerConfigFailure,
  reportFailure,
  resolveOrReport,
  type Resolution,
} from './config/config-failure.js'
import { handleRequest } from './routing/handle-request.js'
import { finishResult, toResponse } from './answer/index.js'
import { processEnv } from './lib/process-env.js'
import { fillDefaultStores } from './stores/resolve-stores.js'
import type { AuthConfig, ResponseInternal } from './types.js'

/** A configuration, or a function of the request that returns one (spec §1.8). */
export type AuthConfigInput = AuthConfig | ((request: Request) => AuthConfig | Promise<AuthConfig>)

/** Resolved configurations, per configuration object: resolving (and validating) happens once per object. */
const resolutions = new WeakMap<AuthConfig, Resolution>()

type ConfigFunction = (request: Request) => AuthConfig | Promise<AuthConfig>

/** Per configuration function: the default stores every configuration it returns shares (a new one per request too). */
const defaultStores = new WeakMap<ConfigFunction, (config: AuthConfig) => AuthConfig>()

/** The configuration `fn` returned, with the default stores of `fn` for the roles it leaves out. */
export function withDefaultStores(fn: ConfigFunction, config: AuthConfig): AuthConfig {
  let fill = defaultStores.get(fn)
  if (!fill) {
    fill = fillDefaultStores()
    defaultStores.set(fn, fill)
  }
  return fill(config)
}

/** Resolves a configuration once; a broken one is logged once and remembered, so every request answers fast. */
export function resolveOnce(config: AuthConfig): Resolution {
  if (typeof config !== 'object' || config === null) return resolveOrReport(config, processEnv())
  let resolution = resolutions.get(config)
  if (!resolution) {
    resolution = resolveOrReport(config, processEnv())
    resolutions.set(config, resolution)
  }
  return resolution
}

/**
 * Answers one request to the authentication endpoints: a web `Request` and a configuration in, a web `Response`
 * out (or, with `raw`, the internal result).
 *
 * @example
 * ```ts
 * const response = await Auth(request, { providers: [Credentials({ authorize })], secret })
 * ```
 */
export async function Auth(request: Request, config: AuthConfigInput): Promise<Response>
export async function Auth(request: Request, config: AuthConfigInput): Promise<Response | ResponseInternal> {
  let input: AuthConfig
  let resolution: Resolution
  try {
    input = typeof config === 'function' ? withDefaultStores(config, await config(request)) : config
    resolution = resolveOnce(input)
  } catch (error) {
    // A configuration function that throws is a configuration that cannot be used: the 500 answer, not an exception.
    input = { providers: [] }
    resolution = reportFailure(error, input, processEnv())
  }
  if ('failure' in resolution) {
    const result = answerConfigFailure(request, resolution.failure)
    return typeof input === 'object' && input !== null && input.raw ? result : toResponse(result)
  }
  return runResolved(request, resolution.config)
}

/** Runs a request against an already resolved configuration. */
export async function runResolved(
  request: Request,
  config: ResolvedConfig,
): Promise<Response | ResponseInternal> {
  const result = await runInternal(request, config)
  return config.raw ? result : toResponse(result)
}

/**
 * The internal result of a request against a resolved configuration; with `raw`, a sign-in `AuthError` is re-thrown
 * to the framework wrapper unless the client asked for a JSON redirect. `clientAddress` is the client's address as
 * the integration saw it (for per-client limits).
 */
export function runInternal(
  request: Request,
  config: ResolvedConfig,
  raw = config.raw,
  clientAddress?: string,
): Promise<ResponseInternal> {
  // `then` rather than `async`/`await`: one promise fewer per request (`handleRequest` is asynchronous, so nothing
  // here throws outside the promise).
  return handleRequest(request, config, { raw, clientAddress }).then((result) =>
    finishResult(request, result),
  )
}
