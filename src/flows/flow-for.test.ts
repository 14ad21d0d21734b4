import { describe, expect, expectTypeOf, it } from 'vitest'
import type {
  CredentialsConfig,
  EmailConfig,
  OAuthConfig,
  ProviderType,
  WebAuthnConfig,
} from '../providers/provider-types.js'
import { flowForType, flows, type FlowTable, type ProviderConfigOf } from './flow-for.js'
import type { FlowIdentity, ResolvedProviderOf } from './sign-in-flow.js'
import type { WebAuthnRegistration } from './webauthn/webauthn-registration.js'

describe('the flow table', () => {
  it('has a flow for exactly the provider kinds (checked by typecheck)', () => {
    expectTypeOf<keyof typeof flows>().toEqualTypeOf<ProviderType>()
    const { webauthn: _dropped, ...withoutWebAuthn } = flows
    // @ts-expect-error a table missing a provider kind does not compile
    const incomplete: FlowTable = withoutWebAuthn
    expect(Object.keys(incomplete)).not.toContain('webauthn')
    expect(Object.keys(flows)).toStrictEqual(['oauth', 'oidc', 'email', 'credentials', 'webauthn'])
  })

  it('types each flow by its kind: its provider configuration and the data its finish hands on', () => {
    expectTypeOf<ProviderConfigOf<'oidc'>>().toEqualTypeOf<OAuthConfig>()
    expectTypeOf<ProviderConfigOf<'email'>>().toEqualTypeOf<EmailConfig>()
    type Table = typeof flows
    expectTypeOf<Parameters<Table['credentials']['finish']>[1]>().toEqualTypeOf<
      ResolvedProviderOf<CredentialsConfig>
    >()
    expectTypeOf<Parameters<Table['webauthn']['start']>[1]>().toEqualTypeOf<
      ResolvedProviderOf<WebAuthnConfig>
    >()
    expectTypeOf<Parameters<NonNullable<Table['webauthn']['storeUser']>>[1]>().toEqualTypeOf<
      FlowIdentity<WebAuthnRegistration | undefined>
    >()
    // @ts-expect-error a table whose flow is of another kind does not compile
    const swapped: FlowTable = { ...flows, email: flows.credentials }
    expect(swapped).toBeDefined()
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
