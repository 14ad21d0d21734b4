import type { CredentialInput, ProviderStyle } from '../providers/provider-types.js'
import type { CredentialsFormLinks } from './credentials-form.js'

/** A provider as the sign-in page shows it. */
export interface SignInPageProvider {
  id: string
  name: string
  type: string
  /** Where the OAuth and email forms post: `{basePath}/signin/{id}`. */
  signinUrl: string
  /** Where the credentials form posts: `{basePath}/callback/{id}`. */
  callbackUrl: string
  credentials?: Record<string, CredentialInput> | undefined
  style?: ProviderStyle | undefined
  /** A WebAuthn provider's `formFields` (its `email` field is the one the page shows). */
  formFields?: Record<string, CredentialInput> | undefined
  /** A WebAuthn provider's `enableConditionalUI` (passkey autofill; default on). */
  conditionalUI?: boolean | undefined
  /** A password form's links, relative to the callback URL's base (`signup`, `reset-password`, `verify-email`). */
  links?: CredentialsFormLinks | undefined
}
