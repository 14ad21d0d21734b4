/**
 * A provider's own environment variables. In `lib/` because both the configuration resolver and the flows read
 * them (the OAuth and e-mail kinds fill their defaults from them), and flows import nothing of `config/`.
 *
 * @module
 */

type Env = Record<string, string | undefined>

/** An environment value, or `undefined` when it is unset or blank. */
export function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value
}

/** `AUTH_{ID}_ID`, `_SECRET`, `_ISSUER` and `_KEY` for a provider id (upper snake case). */
export function providerEnv(id: string, env: Env) {
  const prefix = `AUTH_${id.toUpperCase().replace(/-/g, '_')}`
  return {
    clientId: nonEmpty(env[`${prefix}_ID`]),
    clientSecret: nonEmpty(env[`${prefix}_SECRET`]),
    issuer: nonEmpty(env[`${prefix}_ISSUER`]),
    apiKey: nonEmpty(env[`${prefix}_KEY`]),
  }
}
