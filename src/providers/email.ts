import Nodemailer, { type NodemailerUserConfig } from './nodemailer.js'
import type { EmailConfig } from './provider-types.js'

/**
 * The Nodemailer provider under Auth.js's older id `email` (`/signin/email`, `/callback/email`), so that links and
 * forms of an app that used it keep working. New apps use `gatehouse-auth/providers/nodemailer`.
 */
export default function Email(config: NodemailerUserConfig = {}): EmailConfig {
  return { ...Nodemailer(config), id: 'email', name: 'Email' }
}
