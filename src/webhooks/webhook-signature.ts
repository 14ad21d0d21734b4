/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com): HMAC-SHA256 over `{id}.{timestamp}.{body}`
 * with the secret's bytes (`whsec_` + base64), sent as `webhook-signature: v1,{base64}`. WebCrypto only, so it runs
 * in every runtime Gatehouse does.
 *
 * @module
 */

const encoder = new TextEncoder()

function base64(bytes: Uint8Array): string {
  let text = ''
  for (const byte of bytes) text += String.fromCharCode(byte)
  return btoa(text)
}

/** The key bytes of a `whsec_…` secret (base64 after the prefix); any other string is used as it is. */
export function webhookSecretBytes(secret: string): Uint8Array {
  if (secret.startsWith('whsec_')) {
    let text: string
    try {
      text = atob(secret.slice('whsec_'.length))
    } catch {
      throw new Error('The webhook secret is not base64 after `whsec_`.')
    }
    return Uint8Array.from(text, (c) => c.charCodeAt(0))
  }
  return encoder.encode(secret)
}

/** `v1,{base64 HMAC-SHA256}` of one message. */
export async function signWebhook(
  secret: string,
  id: string,
  timestamp: number,
  body: string,
): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    webhookSecretBytes(secret) as BufferSource,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(`${id}.${timestamp}.${body}`))
  return `v1,${base64(new Uint8Array(mac))}`
}

/** Options of {@link verifyWebhook}. */
export interface VerifyWebhookOptions {
  /** Seconds a timestamp may be off from now, either way. Default 300 (five minutes), as Standard Webhooks. */
  toleranceSeconds?: number
  /** The clock, for tests (ms). */
  now?: number
}

/**
 * For a receiver: checks a webhook's `webhook-signature` (any `v1` signature of the list may match; compared in
 * constant time) and that its `webhook-timestamp` is within the tolerance, and answers the parsed body; throws
 * `Error` otherwise. Pass the body exactly as received, before any JSON parsing.
 *
 * @example
 * ```ts
 * const event = await verifyWebhook(process.env.WEBHOOK_SECRET!, await request.text(), request.headers)
 * ```
 */
export async function verifyWebhook(
  secret: string,
  body: string,
  headers: Headers | Record<string, string | undefined>,
  options: VerifyWebhookOptions = {},
): Promise<unknown> {
  const get = (name: string) =>
    headers instanceof Headers ? headers.get(name) : (headers[name] ?? headers[name.toLowerCase()] ?? null)
  const id = get('webhook-id')
  const timestamp = get('webhook-timestamp')
  const signatures = get('webhook-signature')
  if (!id || !timestamp || !signatures) throw new Error('The webhook headers are missing.')
  if (!/^\d{1,12}$/.test(timestamp)) throw new Error('The webhook timestamp is not a number of seconds.')
  const now = Math.floor((options.now ?? Date.now()) / 1000)
  if (Math.abs(now - Number(timestamp)) > (options.toleranceSeconds ?? 300))
    throw new Error('The webhook timestamp is outside the tolerance.')
  const expected = await signWebhook(secret, id, Number(timestamp), body)
  const matches = signatures.split(' ').some((candidate) => constantTimeEqual(candidate, expected))
  if (!matches) throw new Error('The webhook signature does not match.')
  return JSON.parse(body) as unknown
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return diff === 0
}
