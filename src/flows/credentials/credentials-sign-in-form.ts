import { credentialsForm, credentialsTitle } from '../../pages/credentials-form.js'
import type { SignInSectionRenderer } from '../../pages/sign-in-section.js'

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
  markup: credentialsForm({ provider, index, csrfToken, callbackUrl, kept, autofocus, primary }),
})
