import { describe, expect, it } from 'vitest'
import { resolveConfig } from '../config/resolve-config.js'
import type { OAuthConfig } from '../providers/provider-types.js'
import { allowInsecureRequests } from '../symbols.js'
import { configErrorOf } from '../../test/support/config-error-of.js'

const secret = 'a-test-secret-that-is-long-enough-for-gatehouse-0123456789'
const resolve =
  (provider: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  () =>
    resolveConfig(
      {
        secret,
        trustHost: true,
        ...extra,
        providers: [
          {
            id: 'idp',
            name: 'IdP',
            type: 'oauth',
            clientId: 'c',
            clientSecret: 's',
            ...provider,
          } as OAuthConfig,
        ],
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
    expect(configErrorOf(resolve({ authorization: endpoints.authorization })).issues).toMatchObject([
      {
        option: 'providers[0] (idp)',
        type: 'InvalidEndpoints',
        message:
          'Provider "idp" is missing both `issuer` and `token` endpoint config. At least one of them is required',
      },
    ])
  })

  it('accepts a missing userinfo URL when a userinfo.request hook fetches the profile', () => {
    const userinfo = { request: () => ({}) }
    expect(resolve({ ...endpoints, userinfo })).not.toThrow()
  })

  it('refuses an endpoint that does not parse', () => {
    expect(resolve({ ...endpoints, token: 'not a url' })).toThrow(/Invalid URL|not a url/)
  })

  it('refuses plain http: to a host off loopback, and allows it on loopback or with allowInsecureRequests', () => {
    expect(resolve({ ...endpoints, token: 'http://idp.example/token' })).toThrow(
      /\(idp\)\.token.*must use https/s,
    )
    expect(resolve({ ...endpoints, token: 'http://127.0.0.1:9/token' })).not.toThrow()
    expect(
      resolve({ ...endpoints, token: 'http://idp.example/token' }, { allowInsecureRequests }),
    ).not.toThrow()
    expect(resolve({ ...endpoints, token: 'http://idp.example/token', allowInsecureRequests })).not.toThrow()
  })

  it('refuses an authorization URL that is not http(s)', () => {
    expect(resolve({ ...endpoints, authorization: 'javascript:alert(1)' })).toThrow(
      /\(idp\)\.authorization.*https/s,
    )
  })

  it('refuses a client_secret_* method without a clientSecret, naming the variable to set', () => {
    const client = { token_endpoint_auth_method: 'client_secret_post' }
    expect(resolve({ ...endpoints, client, clientSecret: undefined })).toThrow(
      /clientSecret.*authenticates with client_secret_post.*AUTH_IDP_SECRET/s,
    )
    expect(resolve({ ...endpoints, client })).not.toThrow()
  })

  it('without a client authentication method, needs a secret (client_secret_basic, as Auth.js); none must be asked for', () => {
    const issues = configErrorOf(resolve({ ...endpoints, clientSecret: undefined })).issues
    expect(issues).toMatchObject([
      {
        option: 'providers[0] (idp).clientSecret',
        problem: expect.stringContaining('client_secret_basic'),
        fix: expect.stringContaining('Set AUTH_IDP_SECRET'),
      },
    ])
    const publicClient = { token_endpoint_auth_method: 'none' }
    expect(resolve({ ...endpoints, clientSecret: undefined, client: publicClient })).not.toThrow()
  })

  it('refuses a provider without a client id, naming AUTH_{ID}_ID (and _SECRET when it lacks that too)', () => {
    const both = configErrorOf(resolve({ ...endpoints, clientId: undefined, clientSecret: undefined })).issues
    expect(both.map((i) => i.option)).toStrictEqual([
      'providers[0] (idp).clientId',
      'providers[0] (idp).clientSecret',
    ])
    expect(both[0]!.fix).toMatch(/^Set AUTH_IDP_ID and AUTH_IDP_SECRET /)
    const idOnly = configErrorOf(resolve({ ...endpoints, clientId: '' })).issues
    expect(idOnly).toHaveLength(1)
    expect(idOnly[0]!.fix).toMatch(/^Set AUTH_IDP_ID to /)
    expect(resolve({ ...endpoints, clientId: undefined }, {})).toThrow(/no client id/)
  })

  it('refuses private_key_jwt without a private key', () => {
    const client = { token_endpoint_auth_method: 'private_key_jwt' }
    expect(resolve({ ...endpoints, client })).toThrow(/\.client\.private_key.*is not set.*private_key_jwt/)
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
            { id: 'a', name: 'A', type: 'oauth', clientId: 'c', clientSecret: 's' } as OAuthConfig,
            {
              id: 'b',
              name: 'B',
              type: 'oauth',
              clientId: 'c',
              clientSecret: 's',
              ...endpoints,
              token: 'http://b.example/t',
            } as OAuthConfig,
          ],
        },
        {},
      )
    expect(run).toThrow(/2 problems.*\(a\).*\(b\)/s)
  })
})
