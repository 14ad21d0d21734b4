/**
 * `gatehouse-auth/jwt`: encode, decode and read session JWTs, with the signatures and token format of
 * `@auth/core/jwt`.
 *
 * @example
 * ```ts
 * import { getToken } from 'gatehouse-auth/jwt'
 * const token = await getToken({ req: request })
 * ```
 * @module
 */
export { decode } from './decode.js'
export { encode } from './encode.js'
export { getToken } from './get-token.js'
export type { GetTokenParams } from './get-token.js'
export type { JWT, JWTDecodeParams, JWTEncodeParams } from '../types.js'
