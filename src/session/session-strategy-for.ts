import type { ResolvedConfig } from '../config/resolve-config.js'
import { jwtSession } from './jwt-session.js'
import type { SessionStrategy } from './session-strategy.js'

/** The strategy of a configuration. Only `jwt` exists in this version; configuration refuses `database`. */
export function sessionStrategy(_config: ResolvedConfig): SessionStrategy {
  return jwtSession
}
