import { CallbackRouteError, CredentialsSignin } from '../../errors.js'
import type { CredentialsConfig } from '../../providers/provider-types.js'
import { keepTypedValues } from '../../pages/kept-sign-in-values.js'
import { isPasswordProvider, passwordFeature } from '../../providers/password-feature.js'
import type { SignInFlow } from '../sign-in-flow.js'
import { credentialsSignInForm } from './credentials-sign-in-form.js'

/**
 * The request handed to `authorize`: the callback URL with the query merged, the original headers, and the
 * parsed body re-serialized as JSON (as Auth.js does, so `authorize` code that reads `request` keeps working).
 */
function authorizeRequest(request: Request, url: URL, body: Record<string, unknown>): Request {
  const headers = new Headers(request.headers)
  headers.set('content-type', 'application/json')
  headers.delete('content-length')
  return new Request(url, { method: 'POST', headers, body: JSON.stringify(body) })
}

/**
 * Credentials: `authorize` checks what the user typed; there is nothing to start. No account is linked; with
 * database sessions `authorize` must name a user of the adapter (Auth.js refuses the combination, issue #9636).
 */
export const credentialsFlow: SignInFlow<CredentialsConfig, undefined> = {
  callbackMethods: ['POST'],
  callbackNeedsCsrf: true,
  adapterFeatures: [],
  linksAccounts: false,
  sessionUserFromAdapter: true,
  signInSection: credentialsSignInForm,
  signInAction: 'callback',

  signInPageFields(provider) {
    if (!isPasswordProvider(provider)) return { credentials: provider.credentials }
    return {
      credentials: provider.credentials,
      links: {
        createAccount: 'signup',
        forgotPassword: 'reset-password',
        resendVerification: 'verify-email',
      },
    }
  },

  // The provider as written, not yet checked: `authorize` may be missing whatever its type says.
  validate(provider: Partial<CredentialsConfig>) {
    // The Password provider checks passwords itself; its own options' problem, if any, is reported here.
    if (isPasswordProvider(provider as CredentialsConfig))
      return (provider as CredentialsConfig & { [passwordFeature]: { problem?: string } })[passwordFeature]
        .problem
    if (typeof provider.authorize === 'function') return undefined
    return {
      problem: 'a credentials provider needs an `authorize(credentials, request)` function.',
      fix: 'Pass `authorize`, returning the user or null.',
      type: 'MissingAuthorize',
      message: 'Must define an authorize() handler to use credentials authentication provider',
    }
  },

  // The contract answers POST /signin/credentials with the sign-in page, where the form posts to the callback.
  start(ctx) {
    return Promise.resolve({ redirect: ctx.actionUrl('signin') })
  },

  async finish(ctx, provider) {
    if (isPasswordProvider(provider)) return provider[passwordFeature].signIn(ctx, provider)
    const credentials = { ...ctx.req.body }
    let user
    try {
      user = await provider.authorize(
        credentials,
        authorizeRequest(ctx.req.request, ctx.req.url, credentials),
      )
    } catch (error) {
      if (error instanceof CredentialsSignin) {
        keepTypedValues(ctx, provider.id, provider.credentials)
        throw error
      }
      throw new CallbackRouteError(error instanceof Error ? error : String(error), {
        reason: 'authorize_threw',
      })
    }
    if (user === null || user === undefined) {
      // The built-in page shows the typed address again, so only the password needs retyping.
      keepTypedValues(ctx, provider.id, provider.credentials)
      throw new CredentialsSignin(`\`authorize\` of provider "${provider.id}" returned null.`, {
        reason: 'authorize_returned_null',
      })
    }
    if (typeof user !== 'object') {
      throw new CallbackRouteError(
        `\`authorize\` of provider "${provider.id}" returned ${typeof user}; return a user object or null.`,
      )
    }
    const id = user.id === undefined || user.id === null ? crypto.randomUUID() : String(user.id)
    const signedIn = { ...user, id }
    return {
      user: signedIn,
      account: { providerAccountId: id, type: 'credentials', provider: provider.id },
      credentials,
    }
  },
}
