import { describe, expect, it } from 'vitest'
import { defaultAccount, normalizeProvider } from './normalize-provider.js'

const defaults = {
  fetch: globalThis.fetch,
  timeoutMs: 1000,
  allowInsecure: false,
  redirectProxyUrl: undefined,
}
const normalize = (config: Record<string, unknown>) =>
  normalizeProvider({ id: 'p', name: 'P', type: 'oidc', ...config }, defaults)

describe('normalizeProvider', () => {
  it('derives wellKnown from issuer, defaults checks to PKCE and auth to client_secret_basic', () => {
    const p = normalize({ issuer: 'https://idp.example/', clientId: 'c', clientSecret: 's' })
    expect(p.wellKnown).toBe('https://idp.example/.well-known/openid-configuration')
    expect([...p.checks]).toEqual(['pkce'])
    expect(p.clientAuthMethod).toBe('client_secret_basic')
  })

  it("adds state with a redirect proxy, and reads 'none' as no check", () => {
    expect([...normalize({ redirectProxyUrl: 'https://proxy.example/auth' }).checks]).toEqual([
      'pkce',
      'state',
    ])
    expect([...normalize({ checks: ['none'] }).checks]).toEqual([])
  })

  it('takes endpoints as a string or { url, params }, and spots form_post', () => {
    const p = normalize({
      authorization: { url: 'https://idp.example/a', params: { scope: 'x', response_mode: 'form_post' } },
      token: 'https://idp.example/t',
    })
    expect(p.authorization.url?.href).toBe('https://idp.example/a')
    expect(p.token.url?.href).toBe('https://idp.example/t')
    expect(p.formPost).toBe(true)
  })

  it('refuses an unknown client authentication method', () => {
    expect(() => normalize({ client: { token_endpoint_auth_method: 'tls_client_auth' } })).toThrow(
      /not supported/,
    )
  })
})

describe('defaultAccount', () => {
  it('keeps the spec subset with token_type lowercased', () => {
    const tokens = { access_token: 'a', token_type: 'Bearer', expires_at: 9, refresh_token: 'r', extra: 'x' }
    expect(defaultAccount(tokens)).toEqual({
      access_token: 'a',
      token_type: 'bearer',
      expires_at: 9,
      refresh_token: 'r',
    })
  })
})
