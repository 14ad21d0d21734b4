import type { ResolvedProvider } from '../config/resolve-providers.js'
import { InvalidProvider } from '../errors.js'
import type { SignInSteps } from './sign-in-flow.js'

function unavailable(provider: ResolvedProvider): Promise<never> {
  return Promise.reject(
    new InvalidProvider(
      `Provider "${provider.id}" is of type "${provider.type}", which this version of Gatehouse cannot sign in with yet.`,
      { reason: 'provider_kind_unavailable' },
    ),
  )
}

/**
 * The steps of a kind this version cannot sign in with yet: every endpoint of the provider answers an
 * `InvalidProvider` that says so. Both callback methods are accepted, without a CSRF token, so that the answer is
 * that error whatever the request looks like.
 */
export const kindUnavailable: SignInSteps = {
  callbackMethods: ['GET', 'POST'],
  callbackNeedsCsrf: false,
  start: (_ctx, provider) => unavailable(provider),
  finish: (_ctx, provider) => unavailable(provider),
  options: (_ctx, provider) => unavailable(provider),
}
