import { cryptoBackend } from '#crypto'
import { escapeHtml } from '../pages/html.js'
import type { RequestContext } from '../routing/request-context.js'

/** A message of the password flows: subject, plain text and HTML. */
export interface PasswordMessage {
  subject: string
  text: string
  html: string
}

function message(
  subject: string,
  lines: string[],
  links: Array<[label: string, url: string]>,
): PasswordMessage {
  const text = [...lines, '', ...links.map(([label, url]) => `${label}: ${url}`)].join('\n')
  const html = `<!DOCTYPE html><html><body style="font-family:sans-serif">${lines
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('')}${links
    .map(([label, url]) => `<p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>`)
    .join('')}</body></html>`
  return { subject, text, html }
}

/** The link that verifies a new account's address. */
export function verifyEmailMessage(host: string, url: string): PasswordMessage {
  return message(
    `Verify your email for ${host}`,
    [
      `Someone, hopefully you, created an account at ${host} with this address.`,
      'Open the link to verify it and sign in. If it was not you, ignore this message: nothing happens.',
    ],
    [['Verify your email', url]],
  )
}

/** To an address that already has an account, when someone signs up with it again. */
export function signUpAttemptMessage(host: string, signInUrl: string, resetUrl: string): PasswordMessage {
  return message(
    `Someone tried to create an account at ${host}`,
    [
      `Someone tried to create an account at ${host} with this address, which already has one.`,
      'If it was you, sign in, or reset your password if you forgot it. If not, ignore this message: your account is unchanged.',
    ],
    [
      ['Sign in', signInUrl],
      ['Reset your password', resetUrl],
    ],
  )
}

/** The link that sets a new password. */
export function resetPasswordMessage(host: string, url: string): PasswordMessage {
  return message(
    `Reset your password for ${host}`,
    [
      `Someone, hopefully you, asked to reset the password of your account at ${host}.`,
      'Open the link within the hour to choose a new one; every other session will be signed out. If it was not you, ignore this message: your password is unchanged.',
    ],
    [['Choose a new password', url]],
  )
}

/** To an address without an account that asked for a reset: the same kind of mail, so the answer gives nothing away. */
export function noAccountResetMessage(host: string, signUpUrl: string): PasswordMessage {
  return message(
    `Reset your password for ${host}`,
    [
      `Someone asked to reset the password of an account at ${host} with this address, but this address has no account.`,
      'If it was you, you may have used another address, or you can create an account. If not, ignore this message.',
    ],
    [['Create an account', signUpUrl]],
  )
}

/** To an address whose account needs no verification (verified, or not a password account) that asked for a link. */
export function alreadyVerifiedMessage(host: string, signInUrl: string, resetUrl: string): PasswordMessage {
  return message(
    `Your email for ${host} is already verified`,
    [
      `Someone asked for a new verification link for this address at ${host}, but its account needs no verification.`,
      'If it was you, sign in, or reset your password if you forgot it. If not, ignore this message: your account is unchanged.',
    ],
    [
      ['Sign in', signInUrl],
      ['Reset your password', resetUrl],
    ],
  )
}

/** To an address without an account that asked for a verification link: a mail as in the other cases. */
export function noAccountVerifyMessage(host: string, signUpUrl: string): PasswordMessage {
  return message(
    `Verify your email for ${host}`,
    [
      `Someone asked for a new verification link for this address at ${host}, but this address has no account.`,
      'If it was you, you may have used another address, or you can create an account. If not, ignore this message.',
    ],
    [['Create an account', signUpUrl]],
  )
}

/**
 * Sends a message through the configuration's password sender (`Password({ sender })` or the first e-mail
 * provider), as its `sendVerificationRequest` with `message` set. A failure is logged and reported as `false`;
 * the caller's answer stays the same, so a failing mail never tells whether an address has an account.
 */
export async function sendPasswordMail(
  ctx: RequestContext,
  to: string,
  url: string,
  expires: Date,
  mail: PasswordMessage,
): Promise<boolean> {
  const sender = ctx.config.passwordSender
  if (sender === undefined) return false
  try {
    await sender.sendVerificationRequest({
      identifier: to,
      url,
      expires,
      provider: sender,
      // The raw token is inside `url`; no other token is handed to the sender.
      token: cryptoBackend.randomUUID(),
      theme: ctx.config.theme,
      request: ctx.req.request,
      message: mail,
    })
    return true
  } catch (error) {
    ctx.config.logger.error(
      new Error(
        `The password e-mail could not be sent: ${error instanceof Error ? error.message : String(error)}`,
      ),
    )
    return false
  }
}
