/** A first-sign-in harness: completeSignIn (OIDC's flow) with FlowIdentity objects on a resolved configuration, no HTTP. */
import type { Adapter } from '../../src/adapters/adapter.js'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import { resolveConfig } from '../../src/config/resolve-config.js'
import { completeSignIn } from '../../src/flows/complete-sign-in.js'
import { flows } from '../../src/flows/flow-for.js'
import type { FlowIdentity } from '../../src/flows/sign-in-flow.js'
import { RequestContext } from '../../src/routing/request-context.js'
import type { AuthConfig } from '../../src/types.js'
import { quietLogger, SESSION } from './session-flow-scenarios.js'

export const ORIGIN = 'http://app.test'
type Events = Array<[string, unknown]>

export function setup(
  options: { strategy?: 'jwt' | 'database'; adapter?: Adapter; dangerous?: boolean } = {},
) {
  const memory = MemoryAdapter()
  const events: Events = []
  const providers = ['idp', 'github'].map((id) => ({
    id,
    name: id,
    type: 'oidc' as const,
    issuer: 'https://idp.example',
    clientId: 'client',
    clientSecret: 'secret',
    allowDangerousEmailAccountLinking: id === 'github' && options.dangerous === true,
  }))
  const config: AuthConfig = {
    secret: 'a-test-secret-that-is-at-least-32-characters-long',
    trustHost: true,
    adapter: options.adapter ?? memory,
    logger: quietLogger(),
    session: { strategy: options.strategy ?? 'database' },
    pages: { newUser: '/welcome' },
    providers: providers,
    events: {
      createUser: ({ user }) => void events.push(['createUser', user.id]),
      linkAccount: ({ user, account }) =>
        void events.push(['linkAccount', `${account.provider}->${user.id}`]),
      signIn: ({ user, isNewUser }) => void events.push(['signIn', `${user.id}:${String(isNewUser)}`]),
    },
  }
  const resolved = resolveConfig(config, {})
  const context = (providerId: string, cookie?: string) => {
    const request = new Request(`${ORIGIN}/auth/callback/${providerId}`)
    const ctx = new RequestContext(resolved, {
      request,
      url: new URL(request.url),
      method: 'GET',
      action: 'callback',
      providerId,
      cookies: cookie ? { [SESSION]: cookie } : {},
      query: {},
      body: undefined,
    })
    ctx.provider = resolved.providerById.get(providerId)
    return ctx
  }
  const signIn = async (identity: FlowIdentity, cookie?: string) => {
    const result = await completeSignIn(context(identity.account.provider, cookie), flows.oidc, identity)
    const set = result.cookies?.find((c) => c.name === SESSION)
    return { result, cookie: set?.value, ctx: context(identity.account.provider, set?.value) }
  }
  return { memory, events, signIn, resolved }
}

export const identity = (
  provider: string,
  sub: string,
  email: string | null,
  access = 'at-1',
): FlowIdentity => ({
  user: { id: `derived-${sub}`, name: `Name ${sub}`, email, image: null },
  account: { provider, providerAccountId: sub, type: 'oidc', access_token: access, refresh_token: 'rt-1' },
  profile: { sub, email },
})
