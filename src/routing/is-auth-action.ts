import { defaultRouter } from './default-router.js'
import type { FeatureAction } from './feature-routes.js'
import type { AuthAction } from './auth-actions.js'

/**
 * Whether `action` names an endpoint, as `@auth/core`'s `isAuthAction`: one of Auth.js's actions (`providers`,
 * `session`, `csrf`, `signin`, `signout`, `callback`, `verify-request`, `error`, `webauthn-options`), or the first
 * segment of one of Gatehouse's own (`webauthn-script`), so that a wrapper routing by it reaches them all.
 *
 * @example
 * ```ts
 * if (isAuthAction(segment)) return Auth(request, config)
 * ```
 */
export function isAuthAction(action: string): action is AuthAction | FeatureAction {
  return typeof action === 'string' && !action.includes('/') && defaultRouter.answersSegment(action)
}
