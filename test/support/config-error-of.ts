import { expect } from 'vitest'
import { ConfigError } from '../../src/errors.js'

/** The ConfigError that `resolve` throws (failing the test when it throws nothing, or something else). */
export function configErrorOf(resolve: () => unknown): ConfigError {
  try {
    resolve()
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return error as ConfigError
  }
  throw new Error('expected a configuration error')
}
