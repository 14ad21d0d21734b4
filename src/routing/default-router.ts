import { featureRoutes } from './feature-routes.js'
import { Router } from './router.js'

/**
 * Auth.js's actions and every feature route, compiled once: the router of every configuration, and the one the
 * configuration-error answer and `isAuthAction` read when there is no configuration to ask.
 */
export const defaultRouter = new Router(featureRoutes)

/** Whether `request`'s path is one of the pages under `basePath` (the configuration-error answer's question). */
export function isPagePath(request: Request, basePath: string | undefined): boolean {
  const { pathname } = new URL(request.url)
  return defaultRouter.match(pathname, (basePath ?? '/auth').replace(/\/+$/, ''))?.page === true
}
