import type { SessionOptions } from '../types.js'
import { databaseSession } from './database-session.js'
import { jwtSession } from './jwt-session.js'
import type { SessionStrategy } from './session-strategy.js'

/** The strategy of a configuration, resolved once: `database` (the default with an adapter) or `jwt`. */
export function sessionStrategyFor(strategy: SessionOptions['strategy']): SessionStrategy {
  return strategy === 'database' ? databaseSession : jwtSession
}
