import { providerEnv } from '../../lib/provider-env.js'
import type { EmailConfig } from '../../providers/provider-types.js'
import { skipEmailConfirmation } from '../../symbols.js'
import type { SignInFlow } from '../sign-in-flow.js'
import { emailSignInForm } from './email-sign-in-form.js'
import { finishEmailSignIn } from './finish-email-sign-in.js'
import { sendLimitsProblem } from './send-limits.js'
import { startEmailSignIn } from './start-email-sign-in.js'
import { storeEmailUser } from './store-email-user.js'

const DAY = 86_400

function problem(config: EmailConfig): string | undefined {
  if (typeof config.sendVerificationRequest !== 'function')
    return 'an e-mail provider needs a `sendVerificationRequest(params)` function (the built-in providers have one).'
  if (config.maxAge !== undefined && !(Number.isInteger(config.maxAge) && config.maxAge > 0))
    return '`maxAge` must be a whole number of seconds above 0 (default 86400, 24 hours).'
  for (const key of ['normalizeIdentifier', 'generateVerificationToken'] as const) {
    if (config[key] !== undefined && typeof config[key] !== 'function')
      return `\`${key}\` must be a function.`
  }
  if (
    config.confirmation !== undefined &&
    config.confirmation !== true &&
    config.confirmation !== skipEmailConfirmation
  )
    return (
      '`confirmation` must be left out (the link opens a page whose button signs in) or be the ' +
      '`skipEmailConfirmation` symbol from gatehouse (the link signs in on GET, as in Auth.js; scanners then use ' +
      'links up, and other sites can sign a browser in with their own link).'
    )
  if (config.secret !== undefined && (typeof config.secret !== 'string' || config.secret === ''))
    return "`secret` must be a non-empty string, or left out to use the configuration's."
  return sendLimitsProblem(config.limits) ?? config.configProblem?.(config)
}

/**
 * E-mail links (wire-contract §4.1): `start` mails a one-time link, `finish` shows the confirmation page and
 * then uses the token; the user is created or updated after the `signIn` callback, in `completeSignIn`. Needs an
 * adapter with the verification-token methods, whatever the session strategy.
 */
export const emailFlow: SignInFlow<EmailConfig, undefined> = {
  callbackMethods: ['GET', 'POST'],
  // Only the confirmation POST is checked: a GET changes nothing (unless `confirmation: false`, as in Auth.js).
  callbackNeedsCsrf: true,
  adapterFeatures: ['email'],
  requiresAdapter: true,
  linksAccounts: false,
  sessionUserFromAdapter: false,
  signInSection: emailSignInForm,

  fillFromEnv(provider, env) {
    // The provider as written: its `id` is checked after this.
    if (provider.apiKey === undefined && typeof provider.id === 'string') {
      const apiKey = providerEnv(provider.id, env).apiKey
      if (apiKey !== undefined) provider.apiKey = apiKey
    }
    provider.maxAge ??= DAY
  },

  validate: problem,

  start: startEmailSignIn,
  finish: finishEmailSignIn,
  storeUser: storeEmailUser,
}
