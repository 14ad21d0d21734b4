import { createAuth, type GatehouseInstance } from '../create-auth.js'
import type { AuthConfig } from '../types.js'

/** Gatehouse instances per configuration object, shared by the framework wrappers. */
const instances = new WeakMap<AuthConfig, GatehouseInstance>()

/**
 * The Gatehouse instance of a configuration object, created on first use: a wrapper called with the same object on
 * every request (or a config callback returning the same object) resolves and validates it once.
 */
export function instanceFor(config: AuthConfig): GatehouseInstance {
  let instance = instances.get(config)
  if (!instance) {
    instance = createAuth(config)
    instances.set(config, instance)
  }
  return instance
}
