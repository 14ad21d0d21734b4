import { exportJWK, generateKeyPair } from 'jose'
import type { AuthError } from '../../../src/errors.js'
import type { OAuthConfig } from '../../../src/providers/provider-types.js'
import type { AuthConfig, Profile } from '../../../src/types.js'
import { serveAuth, type ServedAuth } from '../../support/serve-auth.js'
import { startOp, type RunningOp } from './start-op.js'

export const SECRET = 'oauth-tests-secret-0123456789abcdef0123'

/** The app and the OP it signs in with, one provider per client-authentication variant. */
export interface Rig {
  op: RunningOp
  app: ServedAuth
  /** Every error the app logged, newest last: assertions read their precise `reason`. */
  errors: AuthError[]
  lastReason(): string | undefined
  close(): Promise<void>
}

/** Starts a real OP and a Gatehouse app with providers `op`, `op-post`, `op-jwt`, `op-hs`, `op-hs-wrong`, `op-form`, `plain`. */
export async function startRig(extra: Partial<AuthConfig> = {}, providers: OAuthConfig[] = []): Promise<Rig> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true })
  const publicJwk = { ...(await exportJWK(publicKey)), kid: 'rp-key', alg: 'RS256', use: 'sig' }
  const holder: { app?: ServedAuth } = {}
  const cb = (id: string) => `${holder.app!.origin}/auth/callback/${id}`
  const grants = ['authorization_code', 'refresh_token']
  const op = await startOp(() => [
    {
      client_id: 'rp',
      client_secret: 'rp-secret',
      redirect_uris: [cb('op'), cb('op-b')],
      grant_types: grants,
    },
    {
      client_id: 'rp-post',
      client_secret: 'rp-post-secret',
      token_endpoint_auth_method: 'client_secret_post',
      redirect_uris: [cb('op-post')],
      grant_types: grants,
    },
    {
      client_id: 'rp-jwt',
      token_endpoint_auth_method: 'private_key_jwt',
      token_endpoint_auth_signing_alg: 'RS256',
      jwks: { keys: [publicJwk] },
      redirect_uris: [cb('op-jwt')],
      grant_types: grants,
    },
    {
      client_id: 'rp-hs',
      client_secret: 'rp-hs-secret-0123456789abcdef0123456789',
      token_endpoint_auth_method: 'client_secret_jwt',
      token_endpoint_auth_signing_alg: 'HS256',
      redirect_uris: [cb('op-hs'), cb('op-hs-wrong')],
      grant_types: grants,
    },
    {
      client_id: 'rp-form',
      client_secret: 'rp-form-secret',
      redirect_uris: [cb('op-form')],
      grant_types: grants,
    },
    {
      client_id: 'rp-plain',
      client_secret: 'rp-plain-secret',
      redirect_uris: [cb('plain')],
      grant_types: grants,
    },
  ])
  const errors: AuthError[] = []
  const oidc = (id: string, clientId: string, secret: string | undefined, more: Partial<OAuthConfig> = {}) =>
    ({
      id,
      name: id,
      type: 'oidc',
      issuer: op.issuer,
      clientId,
      ...(secret ? { clientSecret: secret } : {}),
      checks: ['pkce', 'state', 'nonce'],
      ...more,
    }) as OAuthConfig
  holder.app = await serveAuth({
    secret: SECRET,
    trustHost: true,
    logger: { error: (e) => errors.push(e as AuthError) },
    providers: [
      oidc('op', 'rp', 'rp-secret'),
      oidc('op-b', 'rp', 'rp-secret'),
      oidc('op-post', 'rp-post', 'rp-post-secret', {
        client: { token_endpoint_auth_method: 'client_secret_post' },
      }),
      oidc('op-jwt', 'rp-jwt', undefined, {
        client: {
          token_endpoint_auth_method: 'private_key_jwt',
          private_key: { key: privateKey, kid: 'rp-key' },
        },
      }),
      oidc('op-hs', 'rp-hs', 'rp-hs-secret-0123456789abcdef0123456789', {
        client: { token_endpoint_auth_method: 'client_secret_jwt' },
      }),
      oidc('op-hs-wrong', 'rp-hs', 'not-the-secret-0123456789abcdef01234567', {
        client: { token_endpoint_auth_method: 'client_secret_jwt' },
      }),
      oidc('op-form', 'rp-form', 'rp-form-secret', {
        authorization: { params: { response_mode: 'form_post' } },
      }),
      {
        id: 'plain',
        name: 'Plain OAuth',
        type: 'oauth',
        issuer: op.issuer,
        clientId: 'rp-plain',
        clientSecret: 'rp-plain-secret',
        authorization: `${op.issuer}/auth`,
        token: `${op.issuer}/token`,
        userinfo: `${op.issuer}/me`,
        checks: ['pkce', 'state'],
        profile: (p: Profile) => ({ id: String(p.sub), name: p.name ?? null, email: p.email ?? null }),
      },
      ...providers,
    ],
    ...extra,
  })
  const app = holder.app
  return {
    op,
    app,
    errors,
    lastReason: () => errors.at(-1)?.reason,
    close: async () => {
      await app.close()
      await op.close()
    },
  }
}
