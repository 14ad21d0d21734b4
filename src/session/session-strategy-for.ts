import { adapterFor } from '../adapters/adapter-for.js'
import type { Adapter } from '../adapters/adapter.js'
import type { SessionOptions } from '../types.js'
import { databaseSession } from './database-session.js'
import { jwtSession } from './jwt-session.js'
import type { SessionStrategy } from './session-strategy.js'

/**
 * The strategy of a configuration, resolved once: `database` (the default with an adapter) over the adapter's
 * session methods, or `jwt`. Configuration refuses `database` without an adapter that has them, so the JWT fallback
 * is only ever reached by a configuration that is rejected anyway.
 */
export function sessionStrategyFor(
  strategy: SessionOptions['strategy'],
  adapter: Adapter | undefined,
): SessionStrategy {
  const sessions = strategy === 'database' ? adapterFor(adapter, 'database-sessions') : undefined
  return sessions ? databaseSession(sessions) : jwtSession
}
