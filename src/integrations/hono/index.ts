/**
 * `gatehouse-auth/hono`: Gatehouse for Hono 4, with the API of `@hono/auth-js` 1.x; runs wherever Hono runs.
 *
 * @module
 */
export {
  authHandler,
  getAuthUser,
  initAuthConfig,
  verifyAuth,
  type AuthUser,
  type ConfigHandler,
} from './hono-auth.js'
