import { DEFAULT_OUTBOUND_TIMEOUT_MS } from '../oauth-client/outbound-fetch.js'
import type { AuthConfig } from '../types.js'
import type { ReportIssue } from './config-issues.js'

/** How long an adapter call may go unanswered by default: long for a database, short for a person waiting. */
const DEFAULT_ADAPTER_TIMEOUT_MS = 10_000

/** Milliseconds before an outbound OAuth request and an adapter call are given up. */
export interface ResolvedTimeouts {
  readonly oauthTimeout: number
  /** `0` for no limit. */
  readonly adapterTimeout: number
}

/** `oauthTimeout` (above 0) and `adapterTimeout` (0 for no limit), with their defaults. */
export function resolveTimeouts(config: AuthConfig, report: ReportIssue): ResolvedTimeouts {
  const timeout = (name: 'oauthTimeout' | 'adapterTimeout', allowZero: boolean): number | undefined => {
    const value = config[name]
    if (value === undefined) return undefined
    if (typeof value === 'number' && Number.isFinite(value) && (value > 0 || (allowZero && value === 0)))
      return value
    report({
      option: name,
      problem: `${String(value)} is not a number of milliseconds${allowZero ? ', 0 or more' : ' above 0'}.`,
      fix: `Give milliseconds, like 10000${allowZero ? ' (0 for no limit)' : ''}, or leave it out.`,
    })
    return undefined
  }
  return {
    oauthTimeout: timeout('oauthTimeout', false) ?? DEFAULT_OUTBOUND_TIMEOUT_MS,
    adapterTimeout: timeout('adapterTimeout', true) ?? DEFAULT_ADAPTER_TIMEOUT_MS,
  }
}
