import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'
import type { Profile } from '../types.js'

/** What becomes the account id, for the README's provider table. */
export const userId = '`sub` of the ID token'

/**
 * Sign in through an Amazon Cognito user pool (OpenID Connect). Set `issuer` to `https://cognito-
 * idp.<region>.amazonaws.com/<user-pool-id>`; endpoints come from discovery.
 *
 * @example
 * ```ts
 * import Cognito from 'gatehouse-auth/providers/cognito'
 * createAuth({ providers: [Cognito] }) // AUTH_COGNITO_ID, AUTH_COGNITO_SECRET, AUTH_COGNITO_ISSUER
 * ```
 * @see https://docs.aws.amazon.com/cognito/latest/developerguide/cognito-userpools-server-contract-reference.html
 */
export default function Cognito(options: OAuthUserConfig<Profile> = {}): OAuthConfig<Profile> {
  return {
    id: 'cognito',
    name: 'Cognito',
    type: 'oidc',
    style: { bg: '#c17b9e', text: '#fff' },
    options,
  }
}
