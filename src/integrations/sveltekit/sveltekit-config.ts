import type { RequestEvent } from '@sveltejs/kit'
import { createAuth, type GatehouseInstance } from '../../create-auth.js'
import { createLogger } from '../../lib/logger.js'
import { processEnv } from '../../lib/process-env.js'
import { fillDefaultStores } from '../../stores/resolve-stores.js'
import { skipCSRFCheck } from '../../symbols.js'
import type { AuthConfig, Awaitable } from '../../types.js'

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
  /** The environment `AUTH_URL` and the other `AUTH_*` values are read from, read once. */
  env: Env
}

/** What one `SvelteKitAuth(input)` shares across requests. */
export interface SvelteKitBinding {
  readonly input: SvelteKitAuthConfigInput
  /** Per configuration object: bound against the process environment, and per platform environment object. */
  readonly bound: WeakMap<object, { processEnv?: BoundConfig; platform: WeakMap<object, BoundConfig> }>
  /** The default stores every configuration of this binding shares (one per request too, the form actions' too). */
  readonly withStores: <C extends AuthConfig>(config: C) => C
  /** The process environment, read once when the binding bound its first configuration. */
  processEnv?: Env
}

/** Starts a binding for `SvelteKitAuth(input)`; nothing is read yet. */
export function svelteKitBinding(input: SvelteKitAuthConfigInput): SvelteKitBinding {
  return { input, bound: new WeakMap(), withStores: fillDefaultStores() }
}

/**
 * The environment of a request, as `$env/dynamic/private` gives it to @auth/sveltekit: `process.env` (adapter-node),
 * with the string values of `event.platform.env` over it where the platform has one (Cloudflare, Vercel Edge).
 */
function platformEnv(event: RequestEvent): object | undefined {
  const env = (event.platform as { env?: unknown } | undefined)?.env
  return typeof env === 'object' && env !== null ? env : undefined
}

function mergedEnv(base: Env, platform: object): Env {
  const env: Env = { ...base }
  for (const [key, value] of Object.entries(platform)) if (typeof value === 'string') env[key] = value
  return env
}

/** The default `basePath`: `/auth`, as @auth/sveltekit (which forces `${paths.base}/auth`; a given one is kept). */
function derive(binding: SvelteKitBinding, config: SvelteKitAuthConfig): AuthConfig {
  return binding.withStores({
    ...(config as AuthConfig),
    raw: undefined,
    basePath: (config.basePath ?? '/auth').replace(/\/+$/, ''),
  })
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

function bind(binding: SvelteKitBinding, config: SvelteKitAuthConfig, env: Env): BoundConfig {
  const derived = derive(binding, config)
  let actions: GatehouseInstance | undefined
  return {
    config: derived,
    instance: createAuth(derived, { env }),
    // Built on the first form action: an app that has none never resolves it.
    get actions() {
      return (actions ??= createAuth(actionsConfig(derived), { env }))
    },
    env,
  }
}

/**
 * Resolves the configuration input for a request and binds it, once per configuration object (and platform
 * environment): the configuration is resolved and validated once, not per request, against the environment read
 * once per binding. The user's object is not written. Throws what the configuration callback throws.
 */
export async function configFor(binding: SvelteKitBinding, event: RequestEvent): Promise<BoundConfig> {
  const { input } = binding
  const config = typeof input === 'function' ? await input(event) : input
  if (typeof config !== 'object' || config === null)
    throw new TypeError(
      'gatehouse-auth/sveltekit: the configuration callback did not return a configuration object.',
    )
  let found = binding.bound.get(config)
  if (!found) {
    found = { platform: new WeakMap() }
    binding.bound.set(config, found)
  }
  const env = (binding.processEnv ??= { ...processEnv() })
  const platform = platformEnv(event)
  if (!platform) return (found.processEnv ??= bind(binding, config, env))
  let bound = found.platform.get(platform)
  if (!bound) {
    bound = bind(binding, config, mergedEnv(env, platform))
    found.platform.set(platform, bound)
  }
  return bound
}
