import type { ResolvedConfig } from '../config/resolve-config.js'
import { databaseSession } from './database-session.js'
import { jwtSession } from './jwt-session.js'
import type { SessionStrategy } from './session-strategy.js'

/** The strategy of a configuration: `database` (the default with an adapter) or `jwt`. */
export function sessionStrategy(config: ResolvedConfig): SessionStrategy {
  return config.session.strategy === 'database' ? databaseSession : jwtSession
}
