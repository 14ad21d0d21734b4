/**
 * The built-in pages of password accounts (issue #23): sign up, confirm a verification link, send it again, ask for
 * a reset, choose a new password, change it. Each posts a plain form with the CSRF token; none runs a script.
 *
 * @module
 */
import type { Theme } from '../types.js'
import { hiddenFields } from './hidden-fields.js'
import { html, safeUrl, type SafeHtml } from './html.js'
import { renderPage, type RenderedPage } from './render-page.js'

/** What each refusal of a password form says: the rule, and why it is there. */
const MESSAGES: Readonly<Record<string, string>> = Object.freeze({
  PasswordTooShort:
    'That password is too short. Use at least {min} characters: length is what makes a password hard to guess. A few unrelated words make a long password that is easy to remember.',
  PasswordTooLong:
    'That password is longer than {max} characters, the most we accept. Please choose a shorter one.',
  PasswordTooCommon:
    'That password is one of the most common passwords, which attackers try first. Please choose another.',
  PasswordContainsIdentity:
    'That password contains your email address or its name part, which anyone who knows your address would try. Please choose another.',
  PasswordBreached:
    'That password has appeared in a known data breach, so attackers already have it in their lists. Please choose another.',
  InvalidEmail: 'That does not look like an email address. Please check it.',
  InvalidToken: 'That link is used, expired, or not for this address. Ask for a new one below.',
  WrongPassword: 'Your current password was not right. Please try again.',
  TooManyAttempts: 'Too many attempts. Please wait {retry} and try again.',
})

function wait(retryAfter: string | undefined): string {
  const seconds = Number(retryAfter)
  if (!Number.isFinite(seconds) || seconds <= 0) return 'a moment'
  if (seconds < 120) return `${Math.ceil(seconds)} seconds`
  if (seconds < 7200) return `${Math.ceil(seconds / 60)} minutes`
  return 'until you reset your password'
}

/** The message for a password form's `?error=`, or `undefined`; the parameter itself is never shown. */
export function passwordErrorMessage(
  error: string | undefined,
  limits: { minLength?: number; maxLength?: number; retryAfter?: string | undefined } = {},
): string | undefined {
  if (error === undefined || error === '') return undefined
  const text = Object.hasOwn(MESSAGES, error) ? MESSAGES[error]! : 'That did not work. Please try again.'
  return text
    .replace('{min}', String(limits.minLength ?? 15))
    .replace('{max}', String(limits.maxLength ?? 64))
    .replace('{retry}', wait(limits.retryAfter))
}

function alert(message: string | undefined): SafeHtml | undefined {
  return message === undefined ? undefined : html`<div class="alert" role="alert"><p>${message}</p></div>`
}

function field(
  name: string,
  label: string,
  type: string,
  extra: {
    autocomplete?: string
    autofocus?: boolean
    value?: string | undefined
    min?: number
    max?: number
    optional?: boolean
  } = {},
): SafeHtml {
  return html`<div class="field">
    <label for="${name}">${label}</label>
    <input
      id="${name}"
      name="${name}"
      type="${type}"
      ${extra.optional !== true && html` required`}${
        extra.autocomplete !== undefined && html` autocomplete="${extra.autocomplete}"`
      }${extra.min !== undefined && html` minlength="${extra.min}"`}${
        extra.max !== undefined && html` maxlength="${extra.max}"`
      }${extra.value !== undefined && html` value="${extra.value}"`}${extra.autofocus === true && html` autofocus`}
    />
  </div>`
}

/** What every password page needs. */
export interface PasswordPageBase {
  /** Where the form posts. */
  action: string
  csrfToken: string
  callbackUrl?: string | undefined
  theme: Theme
  /** The message of `?error=`, already chosen. */
  message?: string | undefined
}

function form(opts: PasswordPageBase, fields: SafeHtml, button: string): SafeHtml {
  return html`<form class="stack" method="post" action="${safeUrl(opts.action)}">
    ${hiddenFields(opts.csrfToken, opts.callbackUrl)} ${fields}
    <button class="button button-primary" type="submit">${button}</button>
  </form>`
}

/** `GET /signup`: address, optional name, new password. */
export function renderSignUpPage(
  opts: PasswordPageBase & {
    signInUrl: string
    minLength: number
    maxLength: number
    email?: string | undefined
  },
): RenderedPage {
  const body = html`<h1>Create account</h1>
    ${alert(opts.message)}
    ${form(
      opts,
      html`${field('email', 'Email', 'email', { autocomplete: 'email', autofocus: true, value: opts.email })}
        ${field('name', 'Name (optional)', 'text', { autocomplete: 'name', optional: true })}
        ${field('password', 'Password', 'password', { autocomplete: 'new-password', min: opts.minLength, max: opts.maxLength })}
        <p class="note">At least ${opts.minLength} characters. Any characters, spaces too.</p>`,
      'Create account',
    )}
    <p class="note"><a href="${safeUrl(opts.signInUrl)}">Already have an account? Sign in</a></p>`
  return renderPage({ title: 'Create account', theme: opts.theme, body })
}

/** `GET /verify-email?token=…`: one button, so a mail scanner that fetches the link uses nothing up. */
export function renderVerifyEmailPage(
  opts: PasswordPageBase & { token: string; email: string },
): RenderedPage {
  const body = html`<h1>Verify your email</h1>
    <p>Confirm <strong>${opts.email}</strong> as the address of your account, and sign in.</p>
    ${form(
      opts,
      html`<input type="hidden" name="token" value="${opts.token}" />
        <input type="hidden" name="email" value="${opts.email}" />`,
      'Verify and sign in',
    )}`
  const page = renderPage({ title: 'Verify your email', theme: opts.theme, body })
  // As the e-mail confirmation page: the token stays off other sites, the POST keeps a real Origin.
  page.headers['Referrer-Policy'] = 'same-origin'
  return page
}

/** `GET /verify-email` without a token: send the verification link again. */
export function renderResendVerificationPage(
  opts: PasswordPageBase & { email?: string | undefined },
): RenderedPage {
  const body = html`<h1>Verify your email</h1>
    ${alert(opts.message)}
    <p>Your address is not verified yet. We can send the link again.</p>
    ${form(opts, field('email', 'Email', 'email', { autocomplete: 'email', autofocus: true, value: opts.email }), 'Send the link again')}`
  return renderPage({ title: 'Verify your email', theme: opts.theme, body })
}

/** `GET /reset-password`: ask for a reset link. */
export function renderResetRequestPage(opts: PasswordPageBase & { signInUrl: string }): RenderedPage {
  const body = html`<h1>Reset your password</h1>
    ${alert(opts.message)}
    <p>Enter the address of your account and we will email you a link to choose a new password.</p>
    ${form(opts, field('email', 'Email', 'email', { autocomplete: 'email', autofocus: true }), 'Email me a link')}
    <p class="note"><a href="${safeUrl(opts.signInUrl)}">Back to sign in</a></p>`
  return renderPage({ title: 'Reset your password', theme: opts.theme, body })
}

/** `GET /reset-password?token=…`: choose a new password. */
export function renderNewPasswordPage(
  opts: PasswordPageBase & { token: string; email: string; minLength: number; maxLength: number },
): RenderedPage {
  const body = html`<h1>Choose a new password</h1>
    ${alert(opts.message)}
    <p>For <strong>${opts.email}</strong>. Every other session of this account will be signed out.</p>
    ${form(
      opts,
      html`<input type="hidden" name="token" value="${opts.token}" />
        <input type="hidden" name="email" value="${opts.email}" />
        ${field('password', 'New password', 'password', { autocomplete: 'new-password', autofocus: true, min: opts.minLength, max: opts.maxLength })}
        <p class="note">At least ${opts.minLength} characters.</p>`,
      'Set password and sign in',
    )}`
  const page = renderPage({ title: 'Choose a new password', theme: opts.theme, body })
  page.headers['Referrer-Policy'] = 'same-origin'
  return page
}

/** `GET /change-password` (signed in): the current password and a new one. */
export function renderChangePasswordPage(
  opts: PasswordPageBase & { email: string; minLength: number; maxLength: number; changed: boolean },
): RenderedPage {
  const body = html`<h1>Change password</h1>
    ${opts.changed && html`<div class="notice" role="status"><p>Your password was changed. Other sessions were signed out.</p></div>`}
    ${alert(opts.message)}
    <p>Signed in as <strong>${opts.email}</strong>.</p>
    ${form(
      opts,
      html`${field('currentPassword', 'Current password', 'password', { autocomplete: 'current-password', autofocus: true })}
        ${field('newPassword', 'New password', 'password', { autocomplete: 'new-password', min: opts.minLength, max: opts.maxLength })}
        <p class="note">At least ${opts.minLength} characters. Your other sessions will be signed out.</p>`,
      'Change password',
    )}`
  return renderPage({ title: 'Change password', theme: opts.theme, body })
}
