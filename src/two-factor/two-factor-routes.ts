import { badRequest } from '../answer/index.js'
import type { FeatureRoute } from '../routing/feature-route.js'
import type { RequestContext } from '../routing/request-context.js'
import type { ResponseInternal } from '../types.js'
import { twoFactorPasskeyOptions } from './passkey-second-factor.js'
import { twoFactorCallback, twoFactorChallengePage } from './two-factor-challenge.js'
import {
  twoFactorDisable,
  twoFactorRegenerate,
  twoFactorSetupConfirm,
  twoFactorSetupPage,
} from './two-factor-setup.js'

/**
 * The two-factor endpoints under `basePath` (they answer 400 while `twoFactor` is not configured). Every POST checks
 * the double-submit CSRF token: another site must not be able to post a code, enrol a secret or turn it off.
 */
/** A handler that answers 400, as for any unknown path, while the configuration has no `twoFactor`. */
function configured(handler: (ctx: RequestContext) => Promise<ResponseInternal>) {
  return (ctx: RequestContext) =>
    ctx.config.twoFactor === undefined ? Promise.resolve(badRequest()) : handler(ctx)
}

export const twoFactorRoutes = [
  {
    path: 'two-factor',
    method: 'GET',
    csrf: 'never',
    page: true,
    handler: configured(twoFactorChallengePage),
  },
  {
    path: 'callback/two-factor',
    method: 'POST',
    csrf: 'always',
    page: false,
    handler: configured(twoFactorCallback),
  },
  {
    path: 'two-factor/setup',
    method: 'GET',
    csrf: 'never',
    page: true,
    handler: configured(twoFactorSetupPage),
  },
  {
    path: 'two-factor/setup',
    method: 'POST',
    csrf: 'always',
    page: false,
    handler: configured(twoFactorSetupConfirm),
  },
  {
    path: 'two-factor/backup-codes',
    method: 'POST',
    csrf: 'always',
    page: false,
    handler: configured(twoFactorRegenerate),
  },
  {
    path: 'two-factor/disable',
    method: 'POST',
    csrf: 'always',
    page: false,
    handler: configured(twoFactorDisable),
  },
  {
    path: 'two-factor/passkey-options',
    method: 'GET',
    csrf: 'never',
    page: false,
    handler: configured(twoFactorPasskeyOptions),
  },
] as const satisfies readonly FeatureRoute[]
