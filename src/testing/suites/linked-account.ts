import type { AdapterAccount } from '../../adapters/adapter.js'

/** An OIDC account of `userId` at the suite's test provider, with every token column set. */
export function linkedAccount(userId: string, tag: string, run: string): AdapterAccount {
  return {
    userId,
    type: 'oidc',
    provider: 'gatehouse-idp',
    providerAccountId: `${tag}-${run}`,
    access_token: 'access-1',
    refresh_token: 'refresh-1',
    token_type: 'bearer',
    scope: 'openid email',
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    id_token: 'header.payload.signature',
  }
}
