import { adapterFor, type AdapterFor } from '../adapters/adapter-for.js'
import type { Adapter } from '../adapters/adapter.js'
import type { ReportIssue } from '../config/config-issues.js'
import type { SignInGate } from '../flows/sign-in-gate.js'
import type { User } from '../types.js'
import { SealedSecrets } from './sealed-secret.js'
import type { TwoFactorOptions } from './two-factor-options.js'
import { twoFactorGate } from './two-factor-gate.js'

/** The `twoFactor` option resolved once per configuration. */
export interface ResolvedTwoFactor {
  readonly issuer: string
  readonly required: (user: User) => Promise<boolean>
  readonly passkeySkips: boolean
  /** Seconds a remembered browser skips the step; 0 when the option is off. */
  readonly trustedDeviceMaxAge: number
  readonly adapter: AdapterFor<'two-factor'>
  readonly secrets: SealedSecrets
  readonly gate: SignInGate
}

/**
 * Resolves `config.twoFactor`: `undefined` without it; every problem reported (no issuer, no adapter with the
 * `twoFactor` capability, a bad number of days).
 */
export function resolveTwoFactor(
  options: TwoFactorOptions | undefined,
  adapter: Adapter | undefined,
  secrets: readonly string[],
  report: ReportIssue,
): ResolvedTwoFactor | undefined {
  if (options === undefined) return undefined
  let ok = true
  if (typeof options.issuer !== 'string' || options.issuer.trim() === '') {
    report({
      option: 'twoFactor.issuer',
      problem: 'is missing.',
      fix: 'Name your product: authenticator apps show it beside the account.',
    })
    ok = false
  }
  const typed = adapterFor(adapter, 'two-factor')
  if (typed === undefined) {
    report({
      option: 'twoFactor',
      problem:
        'needs an adapter with the `twoFactor` capability (getTwoFactor, setTwoFactor, useTwoFactorStep, …).',
      fix: "Use one of Gatehouse's adapters (schema version 9: run `npx gatehouse-auth migrate`) or add the methods.",
    })
    ok = false
  }
  const days = options.trustedDevices === false ? 0 : (options.trustedDevices?.days ?? 30)
  if (!Number.isFinite(days) || days < 0 || days > 400) {
    report({
      option: 'twoFactor.trustedDevices.days',
      problem: 'is not a number of days between 0 and 400.',
      fix: 'Give a number of days (browsers keep a cookie 400 days at most), or `trustedDevices: false`.',
    })
    ok = false
  }
  if (!ok || typed === undefined || secrets.length === 0) return undefined
  const required = options.required
  const resolved: Omit<ResolvedTwoFactor, 'gate'> = {
    issuer: options.issuer,
    required:
      typeof required === 'function'
        ? async (user) => (await required(user)) === true
        : () => Promise.resolve(required === true),
    passkeySkips: options.passkeySkips !== false,
    trustedDeviceMaxAge: Math.round(days * 24 * 60 * 60),
    adapter: typed,
    secrets: new SealedSecrets(secrets),
  }
  return Object.freeze({ ...resolved, gate: twoFactorGate(resolved) })
}
