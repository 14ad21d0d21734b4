/** An in-process harness for WebAuthn flows: `Auth()` with a cookie jar, a software authenticator, any adapter. */
import type { Adapter } from '../../src/adapters/adapter.js'
import Passkey from '../../src/providers/passkey.js'
import WebAuthn from '../../src/providers/webauthn.js'
import type { WebAuthnConfig } from '../../src/providers/provider-types.js'
import type { AuthConfig } from '../../src/types.js'
import { quietLogger } from '../database/session-flow-scenarios.js'
import { CookieJar } from '../support/cookie-jar.js'
import { inProcessClient } from '../support/in-process-client.js'
import { SoftwareAuthenticator, type SoftwareAuthenticatorOptions } from './software-authenticator.js'

export const ORIGIN = 'http://app.test'
export const CHALLENGE = 'authjs.challenge'
export const SESSION = 'authjs.session-token'

/** The JSON of a webauthn-options answer; `options` is read field by field, as the browser reads it. */
export interface OptionsBody {
  action?: 'register' | 'authenticate'
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- creation or request options, JSON as sent
  options?: any
  error?: string
}

export interface HarnessOptions {
  adapter: Adapter
  strategy?: 'jwt' | 'database'
  provider?: WebAuthnConfig
  config?: Partial<AuthConfig>
}

/** A configuration with one WebAuthn provider (`Passkey()` unless given) and helpers that speak wire-contract §4.3. */
export function webauthnHarness(options: HarnessOptions) {
  const logger = quietLogger()
  const provider = options.provider ?? Passkey()
  const config: AuthConfig = {
    secret: 'a-test-secret-that-is-at-least-32-characters-long',
    trustHost: true,
    adapter: options.adapter,
    logger,
    session: { strategy: options.strategy ?? 'jwt' },
    providers: [provider],
    ...options.config,
  }
  const client = inProcessClient(ORIGIN)
  const id = provider.id

  async function optionsFor(jar: CookieJar, query: Record<string, string> = {}) {
    const res = await client.call(config, jar, `/auth/webauthn-options/${id}?${new URLSearchParams(query)}`)
    return {
      status: res.status,
      body: (await res.json()) as OptionsBody,
    }
  }

  async function post(jar: CookieJar, fields: Record<string, string>, headers: Record<string, string> = {}) {
    return client.call(config, jar, `/auth/callback/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields),
    })
  }

  async function session(jar: CookieJar) {
    const res = await client.call(config, jar, '/auth/session')
    return (await res.json()) as { user?: { email?: string; name?: string }; expires?: string } | null
  }

  /** Options, then the authenticator's answer, then the callback: the response of the callback POST. */
  async function ceremony(
    jar: CookieJar,
    authenticator: SoftwareAuthenticator,
    query: Record<string, string>,
    answer?: (options: OptionsBody['options']) => unknown,
  ) {
    const { status, body } = await optionsFor(jar, query)
    if (status !== 200) throw new Error(`options answered ${status}: ${JSON.stringify(body)}`)
    const data =
      answer?.(body.options) ??
      (body.action === 'register'
        ? authenticator.register(body.options)
        : authenticator.authenticate(body.options))
    return post(jar, { action: body.action!, data: JSON.stringify(data) })
  }

  return { config, logger, provider, optionsFor, post, session, ceremony }
}

export function softwareAuthenticator(options: Partial<SoftwareAuthenticatorOptions> = {}) {
  return new SoftwareAuthenticator({ origin: ORIGIN, ...options })
}

export { CookieJar, WebAuthn, Passkey }
