/**
 * `gatehouse-auth/sveltekit`: Gatehouse for SvelteKit 2, with the API of @auth/sveltekit.
 *
 * @module
 */
export { SvelteKitAuth, type SvelteKitAuthResult, type SvelteKitAuthLocals } from './sveltekit-auth.js'
export type { SvelteKitAuthConfig, SvelteKitAuthConfigInput } from './sveltekit-config.js'
export type { FormActionData, SignInFailure } from './form-actions.js'
export { AuthError, CredentialsSignin } from '../../errors.js'
export type { Session, User } from '../../types.js'
