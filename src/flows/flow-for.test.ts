import { describe, expect, expectTypeOf, it } from 'vitest'
import type { ProviderType } from '../providers/provider-types.js'
import { flowForType, flows, type FlowTable } from './flow-for.js'

describe('the flow table', () => {
  it('has a flow for exactly the provider kinds (checked by typecheck)', () => {
    expectTypeOf<keyof typeof flows>().toEqualTypeOf<ProviderType>()
    const { webauthn: _dropped, ...withoutWebAuthn } = flows
    // @ts-expect-error a table missing a provider kind does not compile
    const incomplete: FlowTable = withoutWebAuthn
    expect(Object.keys(incomplete)).not.toContain('webauthn')
    expect(Object.keys(flows)).toStrictEqual(['oauth', 'oidc', 'email', 'credentials', 'webauthn'])
  })

  it('finds flows by type only for own keys', () => {
    expect(flowForType('oidc')).toBe(flows.oidc)
    for (const type of ['constructor', '__proto__', 'toString', 'OAuth', 'saml']) {
      expect(flowForType(type)).toBeUndefined()
    }
  })

  it('declares what configuration, sign-in completion and the sign-in page read of each kind', () => {
    expect(flows.oauth.adapterFeatures).toStrictEqual(['accounts'])
    expect(flows.oidc).toBe(flows.oauth)
    expect(flows.email.adapterFeatures).toStrictEqual(['email'])
    expect(flows.webauthn.adapterFeatures).toStrictEqual(['webauthn'])
    expect(flows.credentials.adapterFeatures).toStrictEqual([])
    expect(
      Object.entries(flows)
        .filter(([, f]) => f.linksAccounts)
        .map(([k]) => k),
    ).toStrictEqual(['oauth', 'oidc'])
    expect(
      Object.entries(flows)
        .filter(([, f]) => f.sessionUserFromAdapter)
        .map(([k]) => k),
    ).toStrictEqual(['credentials'])
    expect(flows.credentials.validate?.({ id: 'c', name: 'C', type: 'credentials' } as never)).toMatchObject({
      type: 'MissingAuthorize',
      problem: expect.stringMatching(/authorize/),
    })
    expect(
      flows.credentials.validate?.({
        id: 'c',
        name: 'C',
        type: 'credentials',
        authorize: () => null,
      } as never),
    ).toBeUndefined()
  })
})
