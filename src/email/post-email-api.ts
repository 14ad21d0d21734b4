import type { EmailConfig, EmailUserConfig } from '../providers/provider-types.js'
import { customFetch } from '../symbols.js'

/** The sender of Auth.js's built-in e-mail providers, kept so that an app moving over sends from the same address. */
export const DEFAULT_FROM = 'Auth.js <no-reply@authjs.dev>'

/** Options every HTTP sender takes: Auth.js's, plus `[customFetch]` to route its requests (proxy, tests). */
export type HttpSenderUserConfig = EmailUserConfig & { [customFetch]?: typeof fetch }

/** A built-in HTTP sender's check: it cannot send without its service's key. */
export function apiKeyProblem(provider: EmailConfig): string | undefined {
  if (typeof provider.apiKey === 'string' && provider.apiKey !== '') return undefined
  const env = `AUTH_${provider.id.toUpperCase().replace(/-/g, '_')}_KEY`
  return `provider "${provider.id}" needs \`apiKey\`: pass it, or set ${env}.`
}

/** The key for a request; `configProblem` has already refused a configuration without one. */
export function requireApiKey(provider: EmailConfig): string {
  const problem = apiKeyProblem(provider)
  if (problem) throw new Error(problem)
  return provider.apiKey!
}

/** `user:password` as an HTTP Basic credential (UTF-8, base64), without `node:*` so that the core stays portable. */
export function basicAuth(user: string, password: string): string {
  const bytes = new TextEncoder().encode(`${user}:${password}`)
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return `Basic ${btoa(binary)}`
}

// Services answer errors in their own shapes; these are the fields their documentation names for the message.
function serviceMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const record = body as Record<string, unknown>
  for (const key of ['message', 'Message', 'error', 'detail']) {
    const value = record[key]
    if (typeof value === 'string' && value !== '') return value
    if (typeof value === 'object' && value !== null) {
      const nested = serviceMessage(value)
      if (nested) return nested
    }
  }
  // SendGrid: `{ errors: [{ message, field }] }`.
  if (Array.isArray(record.errors)) {
    const messages = record.errors.map(serviceMessage).filter((m): m is string => m !== undefined)
    if (messages.length > 0) return messages.join('; ')
  }
  return undefined
}

/** Never lets the key reach a log line, even if a service or a proxy echoes it back. */
function redact(text: string, apiKey: string): string {
  const clean = apiKey === '' ? text : text.split(apiKey).join('[api key]')
  return clean.length > 300 ? `${clean.slice(0, 300)}…` : clean
}

/**
 * POSTs one message to a mail service through the provider's `[customFetch]` (else the global `fetch`). A failed
 * request or a non-2xx answer throws an Error naming the service and the HTTP status, with the service's own
 * message when it answers JSON, never the key; the e-mail flow turns the throw into `EmailSignin`.
 */
export async function postEmailApi(
  provider: EmailConfig,
  service: string,
  url: string,
  init: { headers: Record<string, string>; body: string | URLSearchParams },
): Promise<void> {
  const apiKey = provider.apiKey ?? ''
  const fetchImpl =
    (provider as { [customFetch]?: typeof fetch })[customFetch] ?? globalThis.fetch.bind(globalThis)
  let response: Response
  try {
    response = await fetchImpl(url, {
      method: 'POST',
      headers: { accept: 'application/json', ...init.headers },
      body: init.body,
      redirect: 'error',
    })
  } catch (error) {
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
    throw new Error(redact(`${service}: the request to send the e-mail failed (${detail}).`, apiKey), {
      cause: error,
    })
  }
  if (response.ok) {
    await response.body?.cancel()
    return
  }
  let message: string | undefined
  try {
    const text = await response.text()
    try {
      message = serviceMessage(JSON.parse(text))
    } catch {
      // Not JSON (a proxy's HTML page): the status says enough.
    }
  } catch {
    // The body could not be read: the status says enough.
  }
  throw new Error(
    redact(
      `${service} refused to send the e-mail: HTTP ${response.status}${message ? `: ${message}` : ''}.`,
      apiKey,
    ),
  )
}
