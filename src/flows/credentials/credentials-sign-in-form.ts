import { credentialsForm } from '../../pages/credentials-form.js'
import type { SignInSectionRenderer } from '../../pages/sign-in-section.js'

/** A credentials provider on the sign-in page: its inputs, posting straight to its callback URL. */
export const credentialsSignInForm: SignInSectionRenderer = ({
  provider,
  index,
  csrfToken,
  callbackUrl,
  autofocus,
}) => ({
  kind: 'form',
  // A form without inputs has nothing to focus.
  takesFocus: Object.keys(provider.credentials ?? {}).length > 0,
  markup: credentialsForm({ provider, index, csrfToken, callbackUrl, autofocus }),
})
