import { nonEmpty } from '../lib/provider-env.js'
import type { AuthConfig } from '../types.js'

/** What Gatehouse infers from the environment, read once when a configuration is resolved. */
export interface EnvDefaults {
  secrets: string[]
  authUrl: string | undefined
  trustHost: boolean | undefined
  redirectProxyUrl: string | undefined
  redirectProxyAllowedOrigins: string[]
  production: boolean
}

type Env = Record<string, string | undefined>

/**
 * Reads the secret, `AUTH_URL`, `AUTH_TRUST_HOST` and `AUTH_REDIRECT_PROXY_URL` (wire-contract §1.13), with the
 * older `NEXTAUTH_*` names as fallbacks.
 */
export function readEnv(config: AuthConfig, env: Env): EnvDefaults {
  return {
    // `null` (e.g. `process.env.X ?? null` in plain JS) counts as unset rather than crashing on `.length`.
    secrets:
      config.secret === undefined || config.secret === null || config.secret.length === 0
        ? secretsFromEnv(env)
        : [],
    authUrl: nonEmpty(env.AUTH_URL) ?? nonEmpty(env.NEXTAUTH_URL),
    trustHost: trustHostFromEnv(env),
    redirectProxyUrl: nonEmpty(env.AUTH_REDIRECT_PROXY_URL),
    redirectProxyAllowedOrigins: (nonEmpty(env.AUTH_REDIRECT_PROXY_ALLOWED_ORIGINS) ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== ''),
    production: env.NODE_ENV === 'production',
  }
}

/**
 * `AUTH_SECRET_1..n` then `AUTH_SECRET`, highest number first so that the newest secret encrypts. Unlike
 * next-auth, the numbered secrets are not ignored when `AUTH_SECRET` is set: rotation keeps working.
 */
function secretsFromEnv(env: Env): string[] {
  const numbered = Object.keys(env)
    .map((key) => /^AUTH_SECRET_(\d{1,3})$/.exec(key))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ n: Number(m[1]), value: nonEmpty(env[m[0]]) }))
    .filter((s): s is { n: number; value: string } => s.value !== undefined)
    .sort((a, b) => b.n - a.n)
    .map((s) => s.value)
  const main = nonEmpty(env.AUTH_SECRET) ?? nonEmpty(env.NEXTAUTH_SECRET)
  return main === undefined ? numbered : [...numbered, main]
}

/**
 * Auth.js treats any non-empty `AUTH_TRUST_HOST` as true, so `AUTH_TRUST_HOST=false` trusts the host; here it
 * means what it says. `undefined` means the environment does not say.
 */
function trustHostFromEnv(env: Env): boolean | undefined {
  const value = nonEmpty(env.AUTH_TRUST_HOST)?.toLowerCase()
  if (value !== undefined) return value === 'true' || value === '1' || value === 'yes'
  if (nonEmpty(env.VERCEL) ?? nonEmpty(env.CF_PAGES)) return true
  if (env.NODE_ENV !== 'production') return true
  return undefined
}
