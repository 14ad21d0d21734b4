import { credentialsForm, credentialsTitle, type CredentialsFormLinks } from '../../pages/credentials-form.js'
import type { SignInPageProvider } from '../../pages/sign-in-page.js'
import type { SignInSectionRenderer } from '../../pages/sign-in-section.js'

/** A password form's links, resolved against its callback URL (`{base}/callback/{id}` → `{base}/signup`). */
function linksOf(provider: SignInPageProvider): CredentialsFormLinks | undefined {
  const links = provider.links
  if (links === undefined) return undefined
  const at = (path: string | undefined) =>
    path === undefined ? undefined : new URL(`../${path}`, provider.callbackUrl).href
  return { forgotPassword: at(links.forgotPassword), createAccount: at(links.createAccount) }
}

/** A credentials provider on the sign-in page: a section titled by its name, posting straight to its callback URL. */
export const credentialsSignInForm: SignInSectionRenderer = ({
  provider,
  index,
  csrfToken,
  callbackUrl,
  kept,
  autofocus,
  primary,
}) => ({
  kind: 'form',
  title: credentialsTitle(provider.name, provider.credentials),
  idPrefix: `credentials-${index}`,
  // A form without inputs has nothing to focus.
  takesFocus: Object.keys(provider.credentials ?? {}).length > 0,
  takesPrimary: true,
  markup: credentialsForm({
    provider,
    index,
    csrfToken,
    callbackUrl,
    kept,
    autofocus,
    primary,
    links: linksOf(provider),
  }),
})
