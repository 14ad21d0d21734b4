import type { AuthAction } from '../types.js'
import { parseAction } from './parse-request.js'

/**
 * Whether `action` names an endpoint (`providers`, `session`, `csrf`, `signin`, `signout`, `callback`,
 * `verify-request`, `error`, `webauthn-options`), as `@auth/core`'s `isAuthAction`.
 *
 * @example
 * ```ts
 * if (isAuthAction(segment)) return Auth(request, config)
 * ```
 */
export function isAuthAction(action: string): action is AuthAction {
  return (
    typeof action === 'string' &&
    !action.includes('/') &&
    parseAction(`/_/${action}`, '/_')?.action === action
  )
}
