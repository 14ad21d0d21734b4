import type { CredentialsConfig } from './provider-types.js'

/** Options of {@link Credentials}: all optional, as in Auth.js. */
export type CredentialsOptions = Partial<Omit<CredentialsConfig, 'type'>>

/** Auth.js's default `authorize`: nobody signs in until the application says who may. */
const refuseEveryone = (): null => null

/**
 * A provider that signs users in with what they type (user name and password, a one-time code…), checked by your
 * `authorize` function. Return the user, or `null` to refuse; throw a `CredentialsSignin` subclass to choose the
 * `code` shown to the client. Without `authorize` (`Credentials()`, as Auth.js allows) every sign-in is refused.
 *
 * @example
 * ```ts
 * Credentials({
 *   credentials: { email: { label: 'Email', type: 'email' }, password: { label: 'Password', type: 'password' } },
 *   async authorize({ email, password }) { return verify(email, password) },
 * })
 * ```
 */
export default function Credentials(options: CredentialsOptions = {}): CredentialsConfig {
  return {
    id: 'credentials',
    name: 'Credentials',
    ...options,
    authorize: options.authorize ?? refuseEveryone,
    type: 'credentials',
    credentials: { ...(options.credentials ?? {}) },
  }
}
