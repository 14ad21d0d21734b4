import MicrosoftEntraID from './microsoft-entra-id.js'
import type { MicrosoftEntraIDProfile } from './microsoft-entra-id.js'
import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** What becomes the account id, for the README's provider table. */
export const userId = '`sub` of the ID token'

/**
 * The retired name of {@link MicrosoftEntraID}: the same provider under the id `azure-ad`, kept so callback URLs
 * registered under it keep working; the configuration logs a warning naming `microsoft-entra-id`.
 *
 * @see https://learn.microsoft.com/en-us/entra/fundamentals/new-name
 */
export default function AzureAD(
  options: OAuthUserConfig<MicrosoftEntraIDProfile> = {},
): OAuthConfig<MicrosoftEntraIDProfile> {
  return {
    ...MicrosoftEntraID(options),
    id: 'azure-ad',
    name: 'Azure Active Directory',
    renamedTo: 'microsoft-entra-id',
  }
}
