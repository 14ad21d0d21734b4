/**
 * Auth.js's idioms type-check against the built package: an uncalled preset (`providers: [GitHub]`) wherever a
 * configuration is taken, and `createAuth` with a configuration function of the request.
 */
import { Auth, createAuth, type AuthConfig } from 'gatehouse-auth'
import { NextAuth } from 'gatehouse-auth/next'
import { SvelteKitAuth } from 'gatehouse-auth/sveltekit'
import Credentials from 'gatehouse-auth/providers/credentials'
import GitHub from 'gatehouse-auth/providers/github'
import Google from 'gatehouse-auth/providers/google'
import Passkey from 'gatehouse-auth/providers/passkey'
import Resend from 'gatehouse-auth/providers/resend'

export const config: AuthConfig = { providers: [GitHub, Google, Resend, Passkey, GitHub({ clientId: 'x' })] }
export const credentials: AuthConfig = { providers: [Credentials] }
export const next = NextAuth({ providers: [GitHub] })
export const kit = SvelteKitAuth({ providers: [Google] })
export const perRequest = createAuth((request: Request) => ({
  providers: [GitHub],
  basePath: new URL(request.url).pathname.startsWith('/api') ? '/api/auth' : '/auth',
}))
export const asyncPerRequest = createAuth(async () => Promise.resolve(config))
export const viaAuth = (request: Request): Promise<Response> => Auth(request, () => config)

// @ts-expect-error: a function that returns no provider is not one
export const notAProvider: AuthConfig = { providers: [() => 42] }
// @ts-expect-error: the configuration function returns a configuration
export const notAConfig = createAuth(() => ({ provider: [GitHub] }))
