import { builtInSender } from '../email/built-in-sender.js'
import {
  apiKeyProblem,
  type HttpSenderUserConfig,
  postEmailApi,
  requireApiKey,
} from '../email/post-email-api.js'
import type { EmailConfig, SendVerificationRequestParams } from './provider-types.js'

/** Options of {@link Loops}: `transactionalId`, the id of the transactional e-mail you made in Loops (required). */
export type LoopsUserConfig = HttpSenderUserConfig & { transactionalId?: string }

// Checked against Loops' API reference (loops.so/docs/api-reference/send-transactional-email, 2026-11):
// POST https://app.loops.so/api/v1/transactional, `Authorization: Bearer <key>`, JSON {transactionalId, email,
// dataVariables}. Loops renders its own template, so the message is not built here: the template gets the link
// as `url` and the site as `host` (the names Auth.js's provider uses).
async function sendWithLoops({ identifier, url, provider }: SendVerificationRequestParams) {
  const apiKey = requireApiKey(provider)
  await postEmailApi(provider, 'Loops', 'https://app.loops.so/api/v1/transactional', {
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      transactionalId: provider.transactionalId,
      email: identifier,
      dataVariables: { url, host: new URL(url).host },
    }),
  })
}

function loopsProblem(provider: EmailConfig): string | undefined {
  if (typeof provider.transactionalId !== 'string' || provider.transactionalId === '')
    return `provider "${provider.id}" needs \`transactionalId\`: the id of your transactional e-mail in Loops.`
  return apiKeyProblem(provider)
}

/**
 * Sign-in links by e-mail through a Loops transactional e-mail (id `loops`), as Auth.js's provider of that name.
 * Needs an adapter, `apiKey` (default `AUTH_LOOPS_KEY`) and `transactionalId`; the template's data variables are
 * `url` and `host`. `from` is set in Loops, not here.
 */
export default function Loops(config: LoopsUserConfig = {}): EmailConfig {
  return builtInSender(
    { id: 'loops', name: 'Loops', sendVerificationRequest: sendWithLoops, configProblem: loopsProblem },
    config,
  )
}
