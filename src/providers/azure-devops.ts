import type { EndpointRequestContext } from '../oauth-client/normalize-provider.js'
import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The profile Azure DevOps returns with its avatar (the fields Gatehouse reads; others pass through). */
export interface AzureDevOpsProfile extends Record<string, unknown> {
  id: string
  displayName: string
  emailAddress: string
  coreAttributes: { Avatar: { value: { value: string } } }
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`id` of `/_apis/profile/profiles/me`'

const TOKEN = 'https://app.vssps.visualstudio.com/oauth2/token'
const PROFILE =
  'https://app.vssps.visualstudio.com/_apis/profile/profiles/me?details=true&coreAttributes=Avatar&api-version=6.0'

/**
 * Sign in through an Azure DevOps OAuth app (deprecated by Microsoft, which takes no new registrations and retires
 * Azure DevOps OAuth in 2026: use `microsoft-entra-id`, which the configuration's warning names). Azure DevOps
 * exchanges the code as a JWT-bearer `assertion` with the client secret as `client_assertion`; Auth.js posts that
 * grant to the authorization URL, this preset to the token endpoint Microsoft documents.
 *
 * @see https://learn.microsoft.com/en-us/azure/devops/integrate/get-started/authentication/azure-devops-oauth
 */
export default function AzureDevOps(
  options: OAuthUserConfig<AzureDevOpsProfile> & { scope?: string } = {},
): OAuthConfig<AzureDevOpsProfile> {
  const { scope = 'vso.profile', ...rest } = options
  return {
    id: 'azure-devops',
    name: 'Azure DevOps',
    type: 'oauth',
    renamedTo: 'microsoft-entra-id',
    authorization: {
      url: 'https://app.vssps.visualstudio.com/oauth2/authorize',
      params: { response_type: 'Assertion', scope },
    },
    checks: ['state'],
    token: {
      url: TOKEN,
      request: async ({ tokens, provider, fetch, redirectUri }: EndpointRequestContext) => {
        const res = await fetch(TOKEN, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
            client_assertion: provider.clientSecret ?? '',
            grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
            assertion: String(tokens['code']),
            redirect_uri: redirectUri ?? '',
          }).toString(),
        })
        if (!res.ok) throw new Error(`Azure DevOps token endpoint answered ${res.status}`)
        return { tokens: (await res.json()) as Record<string, unknown> }
      },
    },
    userinfo: {
      url: PROFILE,
      request: async ({ tokens, fetch }: EndpointRequestContext) => {
        const res = await fetch(PROFILE, {
          headers: { Authorization: `Bearer ${String(tokens['access_token'])}` },
        })
        if (!res.ok) throw new Error(`Azure DevOps profile answered ${res.status}`)
        return (await res.json()) as unknown
      },
    },
    profile: (profile) => ({
      id: profile.id,
      name: profile.displayName,
      email: profile.emailAddress,
      image: `data:image/jpeg;base64,${profile.coreAttributes.Avatar.value.value}`,
    }),
    style: { bg: '#0078d4', text: '#fff' },
    options: rest,
  }
}
