import * as o from 'oauth4webapi'
import type { NormalizedProvider } from './normalize-provider.js'

/** A private key for `private_key_jwt`, with the `kid` the provider knows it by. */
export interface ClientPrivateKey {
  key: CryptoKey
  kid?: string
}

function privateKey(provider: NormalizedProvider): ClientPrivateKey {
  const candidate = provider.client['private_key'] ?? provider.client['clientPrivateKey']
  if (typeof candidate === 'object' && candidate !== null) {
    if (candidate instanceof CryptoKey) return { key: candidate }
    const { key, kid } = candidate as { key?: unknown; kid?: unknown }
    if (key instanceof CryptoKey) return typeof kid === 'string' ? { key, kid } : { key }
  }
  throw new TypeError(
    `Provider "${provider.id}" uses private_key_jwt but has no \`client.private_key\` ({ key: CryptoKey, kid }).`,
  )
}

/**
 * The token endpoint client authentication of a provider: `client_secret_basic` by default (RFC 6749 §2.3.1),
 * `client_secret_post`, `client_secret_jwt`, `private_key_jwt` (RFC 7523, the asymmetric method RFC 9700 §2.5 prefers) or `none`.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-2.3.1
 * @see https://www.rfc-editor.org/rfc/rfc7523#section-2.2
 */
export function clientAuth(provider: NormalizedProvider): o.ClientAuth {
  switch (provider.clientAuthMethod) {
    case 'client_secret_basic':
      return o.ClientSecretBasic(provider.clientSecret ?? '')
    case 'client_secret_post':
      return o.ClientSecretPost(provider.clientSecret ?? '')
    case 'client_secret_jwt':
      // An HS256 assertion keyed with the client secret (RFC 7523 §2.2, OIDC Core §9), signed by oauth4webapi.
      return o.ClientSecretJwt(provider.clientSecret ?? '')
    case 'private_key_jwt':
      return o.PrivateKeyJwt(privateKey(provider))
    case 'none':
      return o.None()
  }
}

/** The oauth4webapi client of a provider. */
export function oauthClient(provider: NormalizedProvider): o.Client {
  return { ...provider.client, client_id: provider.clientId }
}
