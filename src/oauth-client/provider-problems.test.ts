import { describe, expect, it } from 'vitest'
import { resolveConfig } from '../config/resolve-config.js'
import type { OAuthConfig } from '../providers/provider-types.js'
import { allowInsecureRequests } from '../symbols.js'

const secret = 'a-test-secret-that-is-long-enough-for-gatehouse-0123456789'
const resolve =
  (provider: Partial<OAuthConfig> & Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  () =>
    resolveConfig(
      {
        secret,
        trustHost: true,
        ...extra,
        providers: [{ id: 'idp', name: 'IdP', type: 'oauth', clientId: 'c', ...provider } as OAuthConfig],
      },
      {},
    )

const endpoints = {
  authorization: 'https://idp.example/authorize',
  token: 'https://idp.example/token',
  userinfo: 'https://idp.example/me',
}

describe('OAuth providers are checked when the configuration is resolved', () => {
  it('accepts a provider with an issuer, or with every endpoint', () => {
    expect(resolve({ type: 'oidc', issuer: 'https://idp.example' })).not.toThrow()
    expect(resolve(endpoints)).not.toThrow()
  })

  it('refuses a provider with no issuer and a missing endpoint, naming it', () => {
    expect(resolve({ authorization: endpoints.authorization })).toThrow(/no `issuer`.*`token`, `userinfo`/s)
  })

  it('accepts a missing userinfo URL when a userinfo.request hook fetches the profile', () => {
    const userinfo = { request: () => ({}) }
    expect(resolve({ ...endpoints, userinfo })).not.toThrow()
  })

  it('refuses an endpoint that does not parse', () => {
    expect(resolve({ ...endpoints, token: 'not a url' })).toThrow(/Invalid URL|not a url/)
  })

  it('refuses plain http: to a host off loopback, and allows it on loopback or with allowInsecureRequests', () => {
    expect(resolve({ ...endpoints, token: 'http://idp.example/token' })).toThrow(/`token`.*must use https/s)
    expect(resolve({ ...endpoints, token: 'http://127.0.0.1:9/token' })).not.toThrow()
    expect(
      resolve({ ...endpoints, token: 'http://idp.example/token' }, { allowInsecureRequests }),
    ).not.toThrow()
    expect(resolve({ ...endpoints, token: 'http://idp.example/token', allowInsecureRequests })).not.toThrow()
  })

  it('refuses an authorization URL that is not http(s)', () => {
    expect(resolve({ ...endpoints, authorization: 'javascript:alert(1)' })).toThrow(/`authorization`.*https/s)
  })

  it('refuses a client_secret_* method without a clientSecret', () => {
    const client = { token_endpoint_auth_method: 'client_secret_post' }
    expect(resolve({ ...endpoints, client })).toThrow(
      /client_secret_post but has no `clientSecret`.*AUTH_IDP_SECRET/s,
    )
    expect(resolve({ ...endpoints, client, clientSecret: 's' })).not.toThrow()
  })

  it('refuses private_key_jwt without a private key', () => {
    const client = { token_endpoint_auth_method: 'private_key_jwt' }
    expect(resolve({ ...endpoints, client })).toThrow(/private_key_jwt but has no `client.private_key`/)
  })

  it('refuses an unknown client authentication method', () => {
    const client = { token_endpoint_auth_method: 'tls_client_auth' }
    expect(resolve({ ...endpoints, client })).toThrow(/tls_client_auth.*is not supported/)
  })

  it('lists every problem of every provider in one error', () => {
    const run = () =>
      resolveConfig(
        {
          secret,
          trustHost: true,
          providers: [
            { id: 'a', name: 'A', type: 'oauth', clientId: 'c' } as OAuthConfig,
            {
              id: 'b',
              name: 'B',
              type: 'oauth',
              clientId: 'c',
              ...endpoints,
              token: 'http://b.example/t',
            } as OAuthConfig,
          ],
        },
        {},
      )
    expect(run).toThrow(/2 problem\(s\).*"a".*"b"/s)
  })
})
