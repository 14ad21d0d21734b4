import { featureRoutes } from './feature-routes.js'
import { Router } from './router.js'

/**
 * Auth.js's actions and every feature route, compiled once: the router of every configuration, and the one the
 * configuration-error answer and `isAuthAction` read when there is no configuration to ask.
 */
export const defaultRouter = new Router(featureRoutes)
