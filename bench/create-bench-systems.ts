/**
 * The two systems under comparison, configured alike: same secret, `trustHost`, base path, cookie names (plain
 * HTTP, so `authjs.*`), session lifetimes (the defaults) and a credentials provider whose `authorize` returns a
 * fixed user without hashing anything, so that what is measured is the framework. Both loggers are silent.
 *
 * @module
 */
import { Auth as anchorAuth } from '@auth/core'
import type { AuthConfig as AnchorConfig } from '@auth/core'
import AnchorCredentials from '@auth/core/providers/credentials'
import { Auth as gatehouseAuth } from '../src/index.js'
import type { AuthConfig as GatehouseConfig } from '../src/index.js'
import Credentials from '../src/providers/credentials.js'

/** The origin every request is made to. */
export const ORIGIN = 'http://localhost:3000'
export const BASE_PATH = '/auth'
/** 64 characters, as `npx gatehouse-auth secret` would generate; above the 32-character warning. */
export const SECRET = 'b3f1c9e27a5d48f0a6c2e9d14b7f3a8c5e0d2b9f6a1c4e7d8b2f5a3c9e6d1b4f'
/** Insecure (HTTP) name, which is also the key-derivation salt of the session token. */
export const SESSION_COOKIE = 'authjs.session-token'
export const CSRF_COOKIE = 'authjs.csrf-token'
/** Auth.js's and Gatehouse's defaults, spelled out. */
export const MAX_AGE = 30 * 24 * 60 * 60
export const UPDATE_AGE = 24 * 60 * 60

/** The user `authorize` returns. */
export const USER = { id: 'user-1', name: 'Ada Lovelace', email: 'ada@example.com' } as const

/** One system: its name and its entry function bound to its configuration. */
export interface BenchSystem {
  readonly name: string
  readonly handle: (request: Request) => Promise<Response>
}

/** Both systems. */
export interface BenchSystems {
  readonly gatehouse: BenchSystem
  readonly anchor: BenchSystem
}

/** A benchmark scenario: one operation per system, and a check that both answer it correctly. */
export interface Scenario {
  readonly title: string
  /** The Gatehouse/anchor ratio the issue asks for, if any. */
  readonly target?: number
  /** Calls kept in flight, when not one after the other (as a server with concurrent requests). */
  readonly concurrency?: number
  readonly gatehouse: () => Promise<void>
  readonly anchor: () => Promise<void>
  /** Throws unless both systems answer as expected; runs before any timing. */
  readonly verify: () => Promise<void>
}

const silent = { error: () => {}, warn: () => {}, debug: () => {} }
const authorize = () => ({ ...USER })

/** Builds both systems. Each configuration object is created once and reused, as an application would. */
export function createBenchSystems(): BenchSystems {
  const gatehouseConfig: GatehouseConfig = {
    providers: [Credentials({ credentials: { email: {}, password: {} }, authorize })],
    secret: SECRET,
    trustHost: true,
    basePath: BASE_PATH,
    session: { strategy: 'jwt', maxAge: MAX_AGE, updateAge: UPDATE_AGE },
    logger: silent,
  }
  const anchorConfig: AnchorConfig = {
    providers: [AnchorCredentials({ credentials: { email: {}, password: {} }, authorize })],
    secret: SECRET,
    trustHost: true,
    basePath: BASE_PATH,
    session: { strategy: 'jwt', maxAge: MAX_AGE, updateAge: UPDATE_AGE },
    logger: silent,
  }
  return {
    gatehouse: { name: 'Gatehouse', handle: (request) => gatehouseAuth(request, gatehouseConfig) },
    anchor: { name: '@auth/core', handle: (request) => anchorAuth(request, anchorConfig) },
  }
}

/** Throws `message` unless `condition` holds; used for correctness checks only, never on timings. */
export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`bench setup check failed: ${message}`)
}

/** The value of cookie `name` among a response's `Set-Cookie` headers, or `undefined`. */
export function setCookieValue(response: Response, name: string): string | undefined {
  for (const header of response.headers.getSetCookie()) {
    const eq = header.indexOf('=')
    const end = header.indexOf(';')
    if (eq > 0 && header.slice(0, eq) === name) {
      return decodeURIComponent(header.slice(eq + 1, end === -1 ? undefined : end))
    }
  }
  return undefined
}
