import type { CredentialsConfig } from './provider-types.js'

/** Options of {@link Credentials}: everything optional but `authorize`. */
export type CredentialsOptions = Partial<Omit<CredentialsConfig, 'type'>> &
  Pick<CredentialsConfig, 'authorize'>

/**
 * A provider that signs users in with what they type (user name and password, a one-time code…), checked by your
 * `authorize` function. Return the user, or `null` to refuse; throw a `CredentialsSignin` subclass to choose the
 * `code` shown to the client.
 *
 * @example
 * ```ts
 * Credentials({
 *   credentials: { email: { label: 'Email', type: 'email' }, password: { label: 'Password', type: 'password' } },
 *   async authorize({ email, password }) { return verify(email, password) },
 * })
 * ```
 */
export default function Credentials(options: CredentialsOptions): CredentialsConfig {
  return {
    id: 'credentials',
    name: 'Credentials',
    ...options,
    type: 'credentials',
    credentials: { ...(options.credentials ?? {}) },
  }
}
