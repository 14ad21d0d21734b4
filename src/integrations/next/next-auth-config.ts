import type { NextRequest } from 'next/server.js'
import { runtimeEnv } from './runtime-env.js'
import { createAuth, type GatehouseInstance } from '../../create-auth.js'
import { raw, skipCSRFCheck } from '../../symbols.js'
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
  /** The same configuration in `raw` mode without the CSRF check, for server actions (Next checks their origin). */
  rawConfig: AuthConfig
  authorized: NonNullable<NextAuthConfig['callbacks']>['authorized']
}

const bound = new WeakMap<NextAuthConfig, BoundConfig>()

/** The path of `AUTH_URL` / `NEXTAUTH_URL` when it has one (next-auth's rule), else `undefined`. */
function envBasePath(): string | undefined {
  const url = runtimeEnv('AUTH_URL') || runtimeEnv('NEXTAUTH_URL')
  if (!url) return undefined
  try {
    const { pathname } = new URL(url)
    return pathname === '/' ? undefined : pathname.replace(/\/+$/, '')
  } catch {
    return undefined
  }
}

/**
 * Binds a configuration once per object: `basePath` defaults to `/api/auth` (or the path of `AUTH_URL`), the rest of
 * the environment is inferred by Gatehouse when it resolves the configuration. The user's object is not written.
 */
export function bindConfig(config: NextAuthConfig): BoundConfig {
  let found = bound.get(config)
  if (!found) {
    const { authorized, ...callbacks } = config.callbacks ?? {}
    const derived: AuthConfig = {
      ...(config as AuthConfig),
      callbacks,
      basePath: (config.basePath ?? envBasePath() ?? '/api/auth').replace(/\/+$/, ''),
    }
    found = {
      config: derived,
      instance: createAuth(derived),
      rawConfig: { ...derived, raw, skipCSRFCheck },
      authorized,
    }
    bound.set(config, found)
  }
  return found
}

/** A configuration, or a function of the request (`undefined` outside a request: server components, actions). */
export type NextAuthConfigInput =
  NextAuthConfig | ((request: NextRequest | undefined) => Awaitable<NextAuthConfig>)

/** Resolves the configuration input for a request and binds it. */
export async function configFor(
  input: NextAuthConfigInput,
  request: NextRequest | undefined,
): Promise<BoundConfig> {
  return bindConfig(typeof input === 'function' ? await input(request) : input)
}
