import { createActionURL } from '../../config/create-action-url.js'
import type { AuthAction } from '../../types.js'
import type { BoundConfig } from './next-auth-config.js'

/**
 * The URL of one of our actions for a request with these headers: `AUTH_URL` when set, else the forwarded or
 * direct host (`createActionURL`'s rules), with the environment the binding read once.
 */
export function actionUrl(action: AuthAction, headers: Headers, bound: BoundConfig, protocol?: string): URL {
  return createActionURL(
    action,
    headers.get('x-forwarded-proto') ?? protocol,
    headers,
    bound.env,
    bound.config,
  )
}
