import { SealedCookies } from '../cookies/sealed-cookies.js'
import { ConfigError } from '../errors.js'
import { createLogger } from '../lib/logger.js'
import { processEnv } from '../lib/process-env.js'
import { defaultRouter } from '../routing/default-router.js'
import { sessionStrategyFor } from '../session/session-strategy-for.js'
import { raw, skipCSRFCheck } from '../symbols.js'
import type { AuthConfig } from '../types.js'
import { inAuthJsOrder } from './authjs-order.js'
import { collectIssues } from './config-issues.js'
import { configSecrets } from './config-secrets.js'
import { logConfigWarnings } from './config-warnings.js'
import { cookieModes } from './cookie-modes.js'
import { defaultCallbacks } from './default-callbacks.js'
import { readEnv } from './read-env.js'
import { resolveAdapter } from './resolve-adapter.js'
import { resolveOAuth } from './resolve-oauth.js'
import { resolvePages } from './resolve-pages.js'
import { resolveProviders } from './resolve-providers.js'
import { resolveRedirectProxy } from './resolve-redirect-proxy.js'
import { resolveSession } from './resolve-session.js'
import { resolveTheme } from './resolve-theme.js'
import { resolveTimeouts } from './resolve-timeouts.js'
import { resolveUrls } from './resolve-urls.js'
import type { ResolvedConfig } from './resolved-config.js'
import { resolveSessionRevocation } from '../session/session-revocation.js'
import { resolveStores } from '../stores/resolve-stores.js'
import { isPasswordProvider, passwordFeature } from '../providers/password-feature.js'
import { resolveWebhooks } from '../webhooks/resolve-webhooks.js'
import { resolveTwoFactor } from '../two-factor/resolve-two-factor.js'

export type { CookieMode, ResolvedConfig } from './resolved-config.js'

type Env = Record<string, string | undefined>

/**
 * Applies defaults and environment inference, validates, and freezes. Each part (URLs, secrets, session,
 * providers, adapter, OAuth, pages) reports every problem it finds; all of them are thrown together, each with
 * the option, what is wrong, what to do and its Auth.js class. Warnings are logged once, here.
 *
 * @throws ConfigError listing every problem.
 */
export function resolveConfig(config: AuthConfig, env: Env = processEnv()): ResolvedConfig {
  if (typeof config !== 'object' || config === null) {
    throw new TypeError('Gatehouse: the configuration must be an object, or a function returning one.')
  }
  const { issues, report } = collectIssues()
  const logger = createLogger(config.logger, config.debug === true)
  const fromEnv = readEnv(config, env)

  const { authUrl, basePath } = resolveUrls(config, fromEnv, report, logger)
  const secrets = configSecrets(config, fromEnv, report)
  const timeouts = resolveTimeouts(config, report)
  const { session, jwt } = resolveSession(config, report)
  if (!Array.isArray(config.providers)) {
    report({
      option: 'providers',
      problem: 'is not an array.',
      fix: 'Pass an array of providers (it may be empty).',
    })
  }
  const list = resolveProviders(Array.isArray(config.providers) ? config.providers : [], env, report)
  const router = defaultRouter
  for (const p of list.providers) {
    const taken = router.providerIdProblem(p.id)
    if (taken !== undefined)
      report({ option: list.labels.get(p) ?? p.id, problem: taken, fix: 'Give it another `id`.' })
  }
  const adapter = resolveAdapter(config, session, list, timeouts.adapterTimeout, report)
  const { callbacks, custom } = defaultCallbacks(config.callbacks, report)
  const pages = resolvePages(config.pages, report)
  const theme = resolveTheme(config.theme, report)
  const proxy = resolveRedirectProxy(config, fromEnv, report)
  const { fetch, oauth } = resolveOAuth(
    config,
    { oauthTimeout: timeouts.oauthTimeout, redirectProxyUrl: proxy.redirectProxyUrl },
    list,
    report,
    logger,
  )
  const stores = resolveStores(config.stores, report)
  // The Password provider resolves its own sender: configuration sits below passwords/ and calls through it.
  const passwordSender = list.providers
    .find(isPasswordProvider)
    ?.[passwordFeature].resolveSender(list, config.adapter, env, report)
  const webhooks = resolveWebhooks(config.webhooks, report)
  const twoFactor = resolveTwoFactor(config.twoFactor, adapter.adapter, secrets, report)
  if (issues.length > 0) throw new ConfigError(inAuthJsOrder(issues))

  const shape = `${basePath} ${list.providers.map((p) => p.id).join(',')} ${session.strategy}`
  logConfigWarnings(config, secrets, logger, shape, stores)

  const fixedSecure = config.useSecureCookies ?? (authUrl ? authUrl.protocol === 'https:' : undefined)
  const modes = cookieModes(secrets, config.cookies, fixedSecure)
  return Object.freeze({
    basePath,
    secrets: Object.freeze(secrets),
    authUrl,
    useSecureCookies: fixedSecure,
    session: Object.freeze(session),
    jwt: Object.freeze(jwt),
    providers: Object.freeze([...list.providers]),
    providerById: new Map(list.providers.map((p) => [p.id, p])),
    pages,
    callbacks,
    customCallbacks: custom,
    events: Object.freeze({ ...config.events }),
    logger,
    theme,
    skipCSRFCheck: config.skipCSRFCheck === skipCSRFCheck,
    raw: config.raw === raw,
    ...adapter,
    sessionStrategy: sessionStrategyFor(session.strategy),
    redirectProxyUrl: proxy.redirectProxyUrl,
    redirectProxyForwardOrigins: proxy.forwardOrigins,
    enableWebAuthn: config.experimental?.enableWebAuthn === true,
    fetch,
    oauth,
    sealedCookies: new SealedCookies(secrets),
    router,
    signInGates: Object.freeze(twoFactor ? [twoFactor.gate] : []),
    twoFactor,
    secure: modes.secure,
    insecure: modes.insecure,
    stores,
    passwordSender,
    sessionRevocation: resolveSessionRevocation(
      stores.sessions,
      adapter.adapter,
      session.revocationCheckInterval,
      config.adapter,
    ),
    webhooks,
  })
}
