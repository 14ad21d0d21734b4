import { flowForType } from '../flows/flow-for.js'
import { createLogger } from '../lib/logger.js'
import type { ProviderConfig } from '../providers/provider-types.js'
import type { AuthConfig, Provider } from '../types.js'
import { providerEnv } from '../lib/provider-env.js'
import { readEnv } from './read-env.js'

type Env = Record<string, string | undefined>

/** A provider with the `AUTH_{ID}_*` values of `env` filled in; the user's provider object is copied, not written. */
function providerWithEnv(provider: Provider, env: Env): Provider {
  const call = provider as (options: object) => ProviderConfig
  const probe = typeof provider === 'function' ? call({}) : (provider as ProviderConfig)
  if (!probe || typeof probe !== 'object' || typeof probe.id !== 'string') return provider
  const fromEnv = providerEnv(probe.id, env)
  const built: ProviderConfig =
    typeof provider === 'function'
      ? call(Object.fromEntries(Object.entries(fromEnv).filter(([, v]) => v !== undefined)))
      : { ...probe }
  // Each kind fills what it reads from the environment (OAuth: id, secret, issuer; e-mail: the API key).
  flowForType(built.type)?.fillFromEnv?.(built, env)
  return built as Provider
}

/**
 * Fills `config` from `env` as `@auth/core`'s `setEnvDefaults` does, with Gatehouse's inference (wire-contract
 * §1.13): `basePath` from the path of `AUTH_URL` (else `/auth`), `secret` from `AUTH_SECRET` and `AUTH_SECRET_1..n`
 * (highest first), `redirectProxyUrl`, `trustHost` (where `AUTH_TRUST_HOST=false` means false) and the providers'
 * `AUTH_{ID}_ID` / `_SECRET` / `_ISSUER` / `_KEY`. It writes to `config` in place, as Auth.js does, because the
 * wrappers written for `@auth/core` ignore any return value; provider objects are replaced by copies, never written.
 *
 * @example
 * ```ts
 * setEnvDefaults(process.env, config)
 * const response = await Auth(request, config)
 * ```
 */
export function setEnvDefaults(env: Env, config: AuthConfig, suppressBasePathWarning = false): void {
  const inferred = readEnv(config, env)
  let authUrlPath: string | undefined
  try {
    if (inferred.authUrl) authUrlPath = new URL(inferred.authUrl).pathname
  } catch {
    // An unparsable AUTH_URL is reported when the configuration is resolved; here it only does not set basePath.
  }
  if (authUrlPath !== undefined && config.basePath && !suppressBasePathWarning) {
    createLogger(config.logger, config.debug === true).warn('env-url-basepath-redundant')
  }
  config.basePath ??= authUrlPath && authUrlPath !== '/' ? authUrlPath.replace(/\/+$/, '') : '/auth'
  if (inferred.secrets.length > 0) config.secret = inferred.secrets
  if (inferred.redirectProxyUrl !== undefined) config.redirectProxyUrl ??= inferred.redirectProxyUrl
  const trustHost = inferred.authUrl !== undefined ? true : inferred.trustHost
  config.trustHost ??= trustHost ?? false
  config.providers = (config.providers ?? []).map((provider) => providerWithEnv(provider, env))
}
