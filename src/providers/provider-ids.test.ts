import type {
  CredentialsProviderId as AuthJsCredentialsId,
  EmailProviderId as AuthJsEmailId,
  OAuthProviderId as AuthJsOAuthId,
} from '@auth/core/providers'
import type { WebAuthnProviderType as AuthJsWebAuthnId } from '@auth/core/providers/webauthn'
import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { emailProviderIds, oauthProviderIds, type BuiltInProviderType, type ProviderId } from './index.js'

// Compile-time: every id Auth.js's unions name is one of ours (`npm run typecheck` fails otherwise).
const authJsIds = null as unknown as AuthJsOAuthId | AuthJsEmailId | AuthJsCredentialsId | AuthJsWebAuthnId
export const covered: BuiltInProviderType = authJsIds
export const custom: ProviderId = 'my-own-provider'

/** Every preset in this folder: its module name, and what its builder answers. */
async function presets(): Promise<Array<{ module: string; id: string; type: string }>> {
  const out = []
  for (const file of readdirSync(new URL('./', import.meta.url))) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue
    const mod = (await import(`./${file}`)) as { default?: (options: object) => { id: string; type: string } }
    if (typeof mod.default !== 'function') continue
    const { id, type } = mod.default({ apiKey: 'k', server: 'smtp://localhost' })
    out.push({ module: file.slice(0, -'.ts'.length), id, type })
  }
  return out
}

describe('provider id lists', () => {
  it('name every OAuth and OIDC preset by id and by module, and nothing else', async () => {
    const oauth = (await presets()).filter((p) => p.type === 'oauth' || p.type === 'oidc')
    expect(oauth.length).toBeGreaterThan(80)
    expect([...oauthProviderIds].sort()).toEqual([...new Set(oauth.flatMap((p) => [p.id, p.module]))].sort())
  })

  it('name every e-mail sender', async () => {
    const email = (await presets()).filter((p) => p.type === 'email')
    expect([...emailProviderIds].sort()).toEqual([...new Set(email.map((p) => p.id))].sort())
  })
})
