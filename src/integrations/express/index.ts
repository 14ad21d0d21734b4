/**
 * `gatehouse-auth/express`: Gatehouse for Express 4 and 5.
 *
 * @module
 */
export {
  ExpressAuth,
  getSession,
  currentSession,
  requireSession,
  type ExpressMiddleware,
} from './express-auth.js'
export type { ExpressLikeRequest, ExpressLikeResponse } from './express-request.js'
