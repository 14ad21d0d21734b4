/**
 * `gatehouse-auth/sveltekit/client`: `signIn` and `signOut` for the browser, as `@auth/sveltekit/client`, calling
 * `/auth` (the default `basePath` of `gatehouse-auth/sveltekit`; `setBasePath` changes it). They are the functions of
 * `gatehouse-auth/client`, so they send the CSRF token the endpoints require.
 *
 * @example
 * ```ts
 * import { signIn, signOut } from 'gatehouse-auth/sveltekit/client'
 * await signIn('credentials', { email, password, redirectTo: '/dashboard' })
 * ```
 * @module
 */
import { setBasePath } from '../../client/client-config.js'

setBasePath('/auth')

export { signIn, signOut, setBasePath } from '../../client/index.js'
export type * from '../../client/client-types.js'
