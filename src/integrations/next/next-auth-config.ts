import type { NextRequest } from 'next/server.js'
import { createAuth, type GatehouseInstance } from '../../create-auth.js'
import { processEnv } from '../../lib/process-env.js'
import { fillDefaultStores } from '../../stores/resolve-stores.js'
import { raw, skipCSRFCheck } from '../../symbols.js'
import { resolveOrReport, type Resolution } from '../../config/config-failure.js'
import type { AuthConfig, Awaitable, Session } from '../../types.js'

/** The configuration of `NextAuth`: Gatehouse's, plus `callbacks.authorized` for middleware and wrapped handlers. */
export interface NextAuthConfig extends Omit<AuthConfig, 'raw' | 'callbacks'> {
  callbacks?: AuthConfig['callbacks'] & {
    /**
     * Decides whether a request may pass the middleware (or a wrapped handler): `true`, `false` (redirect to the
     * sign-in page with `callbackUrl`) or a `Response` to answer with. A throw counts as `false`.
     */
    authorized?: (params: {
      request: NextRequest
      auth: Session | null
    }) => Awaitable<boolean | Response | undefined>
  }
}

/** A configuration bound for Next.js: defaults applied once, its Gatehouse instance, and its raw-mode twin. */
export interface BoundConfig {
  config: AuthConfig
  instance: GatehouseInstance
  /**
   * The same configuration in `raw` mode without the CSRF check, for server actions (Next checks their origin),
   * resolved against the binding's environment on the first server action.
   */
  readonly actions: Resolution
  authorized: NonNullable<NextAuthConfig['callbacks']>['authorized']
  /** The environment, read once when the binding bound its first configuration. */
  env: Env
  /** The origin of `AUTH_URL` / `NEXTAUTH_URL` in that environment, if set and valid. */
  envOrigin: string | undefined
}

type Env = Record<string, string | undefined>

/** A configuration input as `NextAuth` was given it, with what its configurations share. */
export interface NextBinding {
  readonly input: NextAuthConfigInput
  /** Per configuration object the input gives: its bound form, built once. */
  readonly bound: WeakMap<NextAuthConfig, BoundConfig>
  /** The default stores every configuration of this binding shares (one per request too). */
  readonly withStores: <C extends AuthConfig>(config: C) => C
  env?: { env: Env; origin: string | undefined; basePath: string | undefined }
}

/** The path of `AUTH_URL` / `NEXTAUTH_URL` when it has one (next-auth's rule), and its origin. */
function readEnvUrl(env: Env): { origin: string | undefined; basePath: string | undefined } {
  const url = env.AUTH_URL || env.NEXTAUTH_URL
  if (!url) return { origin: undefined, basePath: undefined }
  try {
    const { origin, pathname } = new URL(url)
    return { origin, basePath: pathname === '/' ? undefined : pathname.replace(/\/+$/, '') }
  } catch {
    return { origin: undefined, basePath: undefined }
  }
}

/** Starts a binding for `NextAuth(input)`; nothing is read yet. */
export function nextBinding(input: NextAuthConfigInput): NextBinding {
  return { input, bound: new WeakMap(), withStores: fillDefaultStores() }
}

/**
 * Binds a configuration once per object: `basePath` defaults to `/api/auth` (or the path of `AUTH_URL`), the rest of
 * the environment is inferred by Gatehouse when it resolves the configuration, against the same environment, read
 * once per binding (Next.js replaces `process.env.NAME` in middleware bundles at build time; it is read through
 * `globalThis`, so the running server's values count). The user's object is not written.
 */
export function bindConfig(binding: NextBinding, config: NextAuthConfig): BoundConfig {
  let found = binding.bound.get(config)
  if (!found) {
    const env = (binding.env ??= (() => {
      const snapshot = { ...processEnv() }
      return { env: snapshot, ...readEnvUrl(snapshot) }
    })())
    const { authorized, ...callbacks } = config.callbacks ?? {}
    const derived: AuthConfig = binding.withStores({
      ...(config as AuthConfig),
      callbacks,
      basePath: (config.basePath ?? env.basePath ?? '/api/auth').replace(/\/+$/, ''),
    })
    let actions: Resolution | undefined
    found = {
      config: derived,
      instance: createAuth(derived, { env: env.env }),
      get actions() {
        return (actions ??= resolveOrReport({ ...derived, raw, skipCSRFCheck }, env.env))
      },
      authorized,
      env: env.env,
      envOrigin: env.origin,
    }
    binding.bound.set(config, found)
  }
  return found
}

/** A configuration, or a function of the request (`undefined` outside a request: server components, actions). */
export type NextAuthConfigInput =
  NextAuthConfig | ((request: NextRequest | undefined) => Awaitable<NextAuthConfig>)

/** Resolves the configuration input for a request and binds it. */
export async function configFor(
  binding: NextBinding,
  request: NextRequest | undefined,
): Promise<BoundConfig> {
  const { input } = binding
  return bindConfig(binding, typeof input === 'function' ? await input(request) : input)
}

/**
 * Runs `then` with the bound configuration of a request: at once for a configuration object (no promise of its own
 * on the route handler's and the proxy's path, which every page load takes), after the function for a function.
 * Never throws: a failure is the returned promise's rejection.
 */
export function withBound<T>(
  binding: NextBinding,
  request: NextRequest | undefined,
  then: (bound: BoundConfig) => Promise<T>,
): Promise<T> {
  try {
    const { input } = binding
    if (typeof input !== 'function') return then(bindConfig(binding, input))
    return configFor(binding, request).then(then)
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)))
  }
}
