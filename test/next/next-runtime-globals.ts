/**
 * What Next's server sets up before any of its modules load: `globalThis.AsyncLocalStorage`, from which its request
 * stores are made (without it they are inert fakes). Import this first in a test that enters Next's request store.
 */
import { AsyncLocalStorage } from 'node:async_hooks'

;(globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage ??= AsyncLocalStorage
