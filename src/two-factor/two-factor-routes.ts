import type { FeatureRoute } from '../routing/feature-route.js'
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
export const twoFactorRoutes = [
  { path: 'two-factor', method: 'GET', csrf: 'never', page: true, handler: twoFactorChallengePage },
  { path: 'callback/two-factor', method: 'POST', csrf: 'always', page: false, handler: twoFactorCallback },
  { path: 'two-factor/setup', method: 'GET', csrf: 'never', page: true, handler: twoFactorSetupPage },
  { path: 'two-factor/setup', method: 'POST', csrf: 'always', page: false, handler: twoFactorSetupConfirm },
  {
    path: 'two-factor/backup-codes',
    method: 'POST',
    csrf: 'always',
    page: false,
    handler: twoFactorRegenerate,
  },
  { path: 'two-factor/disable', method: 'POST', csrf: 'always', page: false, handler: twoFactorDisable },
] as const satisfies readonly FeatureRoute[]
