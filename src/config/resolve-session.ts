import { cryptoBackend } from '#crypto'
import type { AuthConfig, JWTOptions, SessionOptions } from '../types.js'
import type { ReportIssue } from './config-issues.js'

const DAY = 86_400

/** Session options with their defaults, and the JWT lifetime (`jwt.maxAge`, else `session.maxAge`). */
export interface ResolvedSession {
  readonly session: SessionOptions
  readonly jwt: Required<Pick<JWTOptions, 'maxAge'>> & Omit<JWTOptions, 'maxAge'>
}

function isSeconds(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0
}

/**
 * `session` and `jwt.maxAge`: the strategy (`database` when an adapter is set, else `jwt`), lifetimes in whole
 * seconds, the token generator and how database tokens are stored.
 */
export function resolveSession(config: AuthConfig, report: ReportIssue): ResolvedSession {
  const s = config.session ?? {}
  const strategy = s.strategy ?? (config.adapter ? 'database' : 'jwt')
  if (strategy !== 'jwt' && strategy !== 'database') {
    report({
      option: 'session.strategy',
      problem: `"${String(strategy)}" is not a session strategy.`,
      fix: 'Use "jwt" or "database".',
    })
  }
  const maxAge = s.maxAge ?? 30 * DAY
  const updateAge = s.updateAge ?? DAY
  if (!isSeconds(maxAge) || maxAge === 0) {
    report({
      option: 'session.maxAge',
      problem: `${String(maxAge)} is not a whole number of seconds above 0.`,
      fix: 'Give seconds, like 2592000 (30 days).',
    })
  }
  if (!isSeconds(updateAge)) {
    report({
      option: 'session.updateAge',
      problem: `${String(updateAge)} is not a whole number of seconds, 0 or more.`,
      fix: 'Give seconds, like 86400 (a day).',
    })
  } else if (isSeconds(maxAge) && updateAge > maxAge) {
    report({
      option: 'session.updateAge',
      problem: 'is above `session.maxAge`, so sessions expire before they are refreshed.',
      fix: 'Make it at most `session.maxAge`.',
    })
  }
  if (s.generateSessionToken !== undefined && typeof s.generateSessionToken !== 'function') {
    report({
      option: 'session.generateSessionToken',
      problem: 'is not a function.',
      fix: 'Pass a function returning a string, or leave it out.',
    })
  }
  const tokenStorage = s.tokenStorage ?? 'hashed'
  if (!['hashed', 'plain', 'hashed-accept-plain'].includes(tokenStorage)) {
    report({
      option: 'session.tokenStorage',
      problem: `"${String(tokenStorage)}" is not a way to store session tokens.`,
      fix: 'Use "hashed", "plain" or "hashed-accept-plain".',
    })
  }
  const revocationCheckInterval = s.revocationCheckInterval ?? 30
  if (!isSeconds(revocationCheckInterval)) {
    report({
      option: 'session.revocationCheckInterval',
      problem: `${String(revocationCheckInterval)} is not a whole number of seconds, 0 or more.`,
      fix: 'Give seconds, like 30, or 0 to check on every request.',
    })
  }
  const jwtMaxAge = config.jwt?.maxAge ?? maxAge
  // Only a `jwt.maxAge` the user wrote is checked: an inherited bad `session.maxAge` is already reported once.
  if (config.jwt?.maxAge !== undefined && !isSeconds(jwtMaxAge)) {
    report({
      option: 'jwt.maxAge',
      problem: `${String(jwtMaxAge)} is not a whole number of seconds, 0 or more.`,
      fix: 'Give seconds, or leave it out to use `session.maxAge`.',
    })
  }
  return {
    session: {
      strategy,
      maxAge,
      updateAge,
      // 256 bits: Auth.js's randomUUID has only 122, below the 128 a session token needs.
      generateSessionToken:
        s.generateSessionToken ?? (() => cryptoBackend.encodeBase64url(cryptoBackend.randomBytes(32))),
      tokenStorage,
      revocationCheckInterval,
    },
    jwt: { ...config.jwt, maxAge: jwtMaxAge },
  }
}
