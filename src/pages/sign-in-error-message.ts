/**
 * What the sign-in page says for each `?error=` value the service (or an Auth.js v4 link) may send it.
 *
 * @module
 */

const MESSAGES: Readonly<Record<string, string>> = Object.freeze({
  OAuthSignin:
    'We could not start signing in with that provider. Please try again, or choose another way below.',
  OAuthCallbackError:
    'The provider did not complete the sign-in. Please try again, or choose another way to sign in.',
  OAuthCreateAccount: 'We could not create an account from that provider. Please try another way to sign in.',
  EmailCreateAccount:
    'We could not create an account for that email address. Please try another way to sign in.',
  Callback: 'Something went wrong while finishing your sign-in. Please try again.',
  OAuthAccountNotLinked:
    'That email address already belongs to an account that signs in another way. To protect it, please sign in the way you did before.',
  AccountNotLinked:
    'That sign-in is already linked to a different account. Please sign in with the account you used before.',
  EmailSignin: 'We could not send the sign-in email. Check the address and try again.',
  // Deliberately vague: saying which field was wrong would tell an attacker which usernames exist.
  CredentialsSignin: 'Sign-in failed. Check the details you entered and try again.',
  SessionRequired: 'Please sign in to see this page.',
  MissingCSRF: 'The sign-in form had expired, so nothing was sent. Please try again.',
  // Password accounts: shown only after the right password, so it tells nothing to someone guessing.
  EmailNotVerified:
    'Your email address is not verified yet. Check your email for the link we sent, or have it sent again.',
  TooManyAttempts:
    'Too many sign-in attempts. Please wait a while before trying again, or reset your password.',
})

const DEFAULT_MESSAGE = 'Sign-in did not work. Please try again, or choose another way to sign in.'

/**
 * Returns our message for a sign-in error parameter, a general one for an unknown value, and `undefined` when
 * there is no error; the parameter itself is never part of the message.
 */
export function signInErrorMessage(error: string | undefined): string | undefined {
  if (error === undefined || error === '') return undefined
  // Object.hasOwn, because "constructor" or "__proto__" would otherwise find Object.prototype's members.
  return (Object.hasOwn(MESSAGES, error) ? MESSAGES[error] : undefined) ?? DEFAULT_MESSAGE
}
