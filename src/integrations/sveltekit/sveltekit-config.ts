import type { RequestEvent } from '@sveltejs/kit'
import { createAuth, type GatehouseInstance } from '../../create-auth.js'
import { createLogger } from '../../lib/logger.js'
import { skipCSRFCheck } from '../../symbols.js'
import type { AuthConfig, Awaitable } from '../../types.js'
import { instanceFor } from '../instance-for.js'

/** The configuration of {@link SvelteKitAuth}: Gatehouse's, without `raw` (the form actions use it themselves). */
export type SvelteKitAuthConfig = Omit<AuthConfig, 'raw'>

/** A configuration, or a function of the request event returning one (to read `event.platform`, say). */
export type SvelteKitAuthConfigInput =
  SvelteKitAuthConfig | ((event: RequestEvent) => Awaitable<SvelteKitAuthConfig>)

type Env = Record<string, string | undefined>

/** A configuration bound for SvelteKit: defaults applied once per object and environment. */
export interface BoundConfig {
  config: AuthConfig
  /** Answers the endpoints and reads sessions. */
  instance: GatehouseInstance
  /** The same configuration without the CSRF token check, for the form actions (kit checks their origin). */
  actions: GatehouseInstance
  /** The environment `AUTH_URL` and the other `AUTH_*` values are read from. */
  env: Env
}

interface Binding {
  /** Bound against `process.env`. */
  processEnv?: BoundConfig
  /** Bound against the environment of a platform (`event.platform.env` on Cloudflare), per environment object. */
  platform: WeakMap<object, BoundConfig>
}

const bindings = new WeakMap<object, Binding>()

function processEnv(): Env {
  return (globalThis as { process?: { env?: Env } }).process?.env ?? {}
}

/**
 * The environment of a request, as `$env/dynamic/private` gives it to @auth/sveltekit: `process.env` (adapter-node),
 * with the string values of `event.platform.env` over it where the platform has one (Cloudflare, Vercel Edge).
 */
function platformEnv(event: RequestEvent): object | undefined {
  const env = (event.platform as { env?: unknown } | undefined)?.env
  return typeof env === 'object' && env !== null ? env : undefined
}

function mergedEnv(platform: object): Env {
  const env: Env = { ...processEnv() }
  for (const [key, value] of Object.entries(platform)) if (typeof value === 'string') env[key] = value
  return env
}

/** The default `basePath`: `/auth`, as @auth/sveltekit (which forces `${paths.base}/auth`; a given one is kept). */
function derive(config: SvelteKitAuthConfig): AuthConfig {
  return {
    ...(config as AuthConfig),
    raw: undefined,
    basePath: (config.basePath ?? '/auth').replace(/\/+$/, ''),
  }
}

/**
 * The configuration of the form actions: no CSRF token, because kit refuses a form post from another origin before
 * any action runs (`csrf.checkOrigin`), as @auth/sveltekit relies on. The `csrf-disabled` warning is for apps that
 * turn the check off everywhere; here the endpoints under `basePath` keep it.
 */
function actionsConfig(config: AuthConfig): AuthConfig {
  const logger = createLogger(config.logger, config.debug === true)
  return {
    ...config,
    skipCSRFCheck,
    logger: {
      error: (error) => logger.error(error),
      warn: (code) => (code === 'csrf-disabled' ? undefined : logger.warn(code)),
      debug: (message, metadata) => logger.debug(message, metadata),
    },
  }
}

function bind(config: SvelteKitAuthConfig, env: Env | undefined): BoundConfig {
  const derived = derive(config)
  const make = (c: AuthConfig) => (env === undefined ? instanceFor(c) : createAuth(c, { env }))
  let actions: GatehouseInstance | undefined
  return {
    config: derived,
    instance: make(derived),
    // Built on the first form action: an app that has none never resolves it.
    get actions() {
      return (actions ??= make(actionsConfig(derived)))
    },
    env: env ?? processEnv(),
  }
}

/**
 * Resolves the configuration input for a request and binds it, once per configuration object (and platform
 * environment): the configuration is resolved and validated once, not per request. The user's object is not
 * written. Throws what the configuration callback throws.
 */
export async function configFor(input: SvelteKitAuthConfigInput, event: RequestEvent): Promise<BoundConfig> {
  const config = typeof input === 'function' ? await input(event) : input
  if (typeof config !== 'object' || config === null)
    throw new TypeError(
      'gatehouse-auth/sveltekit: the configuration callback did not return a configuration object.',
    )
  let binding = bindings.get(config)
  if (!binding) {
    binding = { platform: new WeakMap() }
    bindings.set(config, binding)
  }
  const platform = platformEnv(event)
  if (!platform) return (binding.processEnv ??= bind(config, undefined))
  let found = binding.platform.get(platform)
  if (!found) {
    found = bind(config, mergedEnv(platform))
    binding.platform.set(platform, found)
  }
  return found
}
