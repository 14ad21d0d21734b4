import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'
import type { Profile } from '../types.js'

/** What becomes the account id, for the README's provider table. */
export const userId = '`sub` of the ID token'

/**
 * Sign in with a Hugging Face account (OpenID Connect, PKCE and state). Its discovery document at `https://huggingface.co` gives the endpoints.
 *
 * @see https://huggingface.co/docs/hub/oauth
 */
export default function Huggingface(options: OAuthUserConfig<Profile> = {}): OAuthConfig<Profile> {
  return {
    id: 'huggingface',
    name: 'Hugging Face',
    type: 'oidc',
    issuer: 'https://huggingface.co',
    checks: ['state', 'pkce'],
    style: { bg: '#ffd21e', text: '#000' },
    options,
  }
}
