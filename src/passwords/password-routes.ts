import type { FeatureRoute } from '../routing/feature-route.js'
import { changePassword, changePasswordPage } from './change-password.js'
import { resetPassword, resetPasswordPage } from './reset-password.js'
import { signUp, signUpPage } from './password-sign-up.js'
import { resendVerification, verifyEmail, verifyEmailPage } from './verify-email.js'

/**
 * The endpoints of password accounts beside `POST /callback/password` (the credentials callback): every POST
 * checks the double-submit CSRF token; every GET is a built-in page. A configuration without a Password provider
 * answers them as unknown actions.
 */
export const passwordRoutes = [
  { path: 'signup', method: 'GET', csrf: 'never', page: true, handler: signUpPage },
  { path: 'signup/password', method: 'POST', csrf: 'always', page: false, handler: signUp },
  { path: 'verify-email', method: 'GET', csrf: 'never', page: true, handler: verifyEmailPage },
  { path: 'verify-email', method: 'POST', csrf: 'always', page: false, handler: verifyEmail },
  { path: 'verify-email/resend', method: 'POST', csrf: 'always', page: false, handler: resendVerification },
  { path: 'reset-password', method: 'GET', csrf: 'never', page: true, handler: resetPasswordPage },
  { path: 'reset-password', method: 'POST', csrf: 'always', page: false, handler: resetPassword },
  { path: 'change-password', method: 'GET', csrf: 'never', page: true, handler: changePasswordPage },
  { path: 'change-password', method: 'POST', csrf: 'always', page: false, handler: changePassword },
] as const satisfies readonly FeatureRoute[]
