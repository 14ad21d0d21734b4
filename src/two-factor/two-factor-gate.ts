import type { SignInGate } from '../flows/sign-in-gate.js'
import type { ResolvedTwoFactor } from './resolve-two-factor.js'
import { isTrustedDevice } from './trusted-device.js'

/** The gate's name in the pending cookie: only the two-factor routes resume what it holds. */
export const TWO_FACTOR_GATE = 'two-factor'

/**
 * The two-factor gate: after any first factor (credentials, OAuth/OIDC, e-mail link, passkey), a user with
 * two-factor on is held for the challenge page (`{basePath}/two-factor`), and one who must enrol (`required`) for
 * the setup page; neither gets a session or `events.signIn` until then. A passkey with user verification passes
 * (unless `passkeySkips: false`), and so does a browser the user asked to remember, at the current version.
 */
export function twoFactorGate(twoFactor: Omit<ResolvedTwoFactor, 'gate'>): SignInGate {
  return Object.freeze({
    name: TWO_FACTOR_GATE,
    async check(ctx, signIn) {
      const userId = signIn.sessionUser.id
      if (typeof userId !== 'string' || userId === '') return undefined
      if (signIn.multiFactor && twoFactor.passkeySkips) return undefined
      const record = await twoFactor.adapter.getTwoFactor(userId)
      if (record?.enabled === true) {
        if (
          twoFactor.trustedDeviceMaxAge > 0 &&
          (await isTrustedDevice(ctx, userId, record.trustedDevicesVersion))
        ) {
          return undefined
        }
        return { redirect: ctx.routeUrl('two-factor') }
      }
      if (await twoFactor.required(signIn.sessionUser)) return { redirect: ctx.routeUrl('two-factor/setup') }
      return undefined
    },
  } satisfies SignInGate)
}
