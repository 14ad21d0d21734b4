import { createActionURL } from '../../config/create-action-url.js'
import type { AuthAction } from '../../types.js'
import type { BoundConfig } from './next-auth-config.js'

/**
 * The URL of one of our actions for a request with these headers: `AUTH_URL` when set, else the forwarded or
 * direct host (`createActionURL`'s rules), with the environment of the running server.
 */
export function actionUrl(action: AuthAction, headers: Headers, bound: BoundConfig, protocol?: string): URL {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {}
  return createActionURL(action, headers.get('x-forwarded-proto') ?? protocol, headers, env, bound.config)
}
