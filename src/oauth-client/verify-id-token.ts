import { createLocalJWKSet, decodeProtectedHeader, errors, jwtVerify } from 'jose'
import type * as o from 'oauth4webapi'
import type { OAuthRuntime } from './oauth-runtime.js'
import type { NormalizedProvider } from './normalize-provider.js'

/**
 * Verifies the ID token's signature with the provider's key set (refetched once when the token names a key we do
 * not have), and its `iss`, `aud` and `exp` again with jose. oauth4webapi checks the claims and the nonce but,
 * following OIDC Core §3.1.3.7 (TLS to the token endpoint), not the signature; we check it anyway so a token
 * endpoint reached through a compromised proxy or a mix-up cannot hand us a forged identity.
 *
 * @see https://openid.net/specs/openid-connect-core-1_0.html#IDTokenValidation
 */
export async function verifyIdToken(
  runtime: OAuthRuntime,
  provider: NormalizedProvider,
  as: o.AuthorizationServer,
  idToken: string,
): Promise<void> {
  const options = { issuer: as.issuer, audience: provider.clientId }
  const header = decodeProtectedHeader(idToken)
  // A symmetric ID token is signed with the client secret (OIDC Core §10.1).
  if (header.alg?.startsWith('HS')) {
    await jwtVerify(idToken, new TextEncoder().encode(provider.clientSecret ?? ''), options)
    return
  }
  if (as.jwks_uri === undefined) throw new Error('the provider has no jwks_uri to verify its ID token with')
  const jwks = await runtime.jwks(provider, as.jwks_uri, false)
  try {
    await jwtVerify(idToken, createLocalJWKSet(jwks as Parameters<typeof createLocalJWKSet>[0]), options)
  } catch (error) {
    if (!(error instanceof errors.JWKSNoMatchingKey)) throw error
    const fresh = await runtime.jwks(provider, as.jwks_uri, true)
    await jwtVerify(idToken, createLocalJWKSet(fresh as Parameters<typeof createLocalJWKSet>[0]), options)
  }
}
