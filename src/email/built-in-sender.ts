import type { EmailConfig } from '../providers/provider-types.js'
import { DEFAULT_FROM } from './post-email-api.js'

/** What tells one built-in e-mail sender from another. */
export interface SenderIdentity {
  id: string
  name: string
  sendVerificationRequest: EmailConfig['sendVerificationRequest']
  configProblem: NonNullable<EmailConfig['configProblem']>
}

/**
 * A built-in e-mail provider: Auth.js's defaults shared by all of them (`from` `Auth.js <no-reply@authjs.dev>`,
 * `maxAge` 24 hours) and the sender's own parts, with the application's options merged over them later, as every
 * provider's `options` are.
 */
export function builtInSender(identity: SenderIdentity, config: object): EmailConfig {
  return {
    ...identity,
    type: 'email',
    from: DEFAULT_FROM,
    maxAge: 24 * 60 * 60,
    options: config,
  }
}
