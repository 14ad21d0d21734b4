/**
 * Signed webhooks of the audit trail: a real receiver over HTTP checks deliveries with verifyWebhook; a wrong
 * signature or a timestamp outside the tolerance is refused; a failing receiver is retried; a receiver that hangs
 * never delays a sign-in.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import type { AuthConfig } from '../../src/types.js'
import { signWebhook, verifyWebhook } from '../../src/webhooks/webhook-signature.js'
import { baseConfig } from '../http/http-helpers.js'
import { CookieJar } from '../support/cookie-jar.js'
import { inProcessClient } from '../support/in-process-client.js'

const SECRET = `whsec_${Buffer.from('a-webhook-secret-of-24-bytes!').toString('base64')}`
const client = inProcessClient('http://app.test')
const servers: Server[] = []
afterAll(() => {
  for (const s of servers) s.closeAllConnections()
  for (const s of servers) s.close()
})

type Delivery = { headers: IncomingMessage['headers']; body: string }

/** A receiver answering `status(n)` to the n-th delivery (or never, for `hang`). */
async function receiver(status: (n: number) => number | 'hang') {
  const deliveries: Delivery[] = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      deliveries.push({ headers: req.headers, body })
      const s = status(deliveries.length)
      if (s === 'hang') return
      res.statusCode = s
      res.end()
    })
  })
  servers.push(server)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, deliveries }
}

async function signIn(config: AuthConfig): Promise<number> {
  const jar = new CookieJar()
  const csrfToken = await client.csrf(config, jar)
  const start = performance.now()
  await client.call(config, jar, '/auth/callback/credentials', {
    method: 'POST',
    body: new URLSearchParams({ csrfToken, username: 'alice', password: 'wonderland' }),
  })
  return performance.now() - start
}

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20))
}

describe('signed webhooks', () => {
  it('delivers a sign-in with Standard Webhooks headers that verifyWebhook accepts', async () => {
    const hook = await receiver(() => 204)
    await signIn(
      baseConfig({
        adapter: MemoryAdapter(),
        session: { strategy: 'jwt' },
        webhooks: [{ url: hook.url, secret: SECRET }],
      }),
    )
    await until(() => hook.deliveries.length > 0)
    const [d] = hook.deliveries
    expect(d!.headers['webhook-id']).toMatch(/^msg_/)
    expect(d!.headers['webhook-signature']).toMatch(/^v1,/)
    const event = (await verifyWebhook(SECRET, d!.body, d!.headers as Record<string, string>)) as {
      type: string
      data: { userId: string; provider: string }
    }
    expect(event.type).toBe('account.sign-in')
    expect(event.data).toMatchObject({ userId: 'user-1', provider: 'credentials' })
  })

  it('verifyWebhook refuses a wrong signature, another secret, a changed body and an old or future timestamp', async () => {
    const id = 'msg_1'
    const ts = Math.floor(Date.now() / 1000)
    const body = '{"type":"account.sign-in"}'
    const headers = (t: number, sig: string) => ({
      'webhook-id': id,
      'webhook-timestamp': String(t),
      'webhook-signature': sig,
    })
    const good = await signWebhook(SECRET, id, ts, body)
    await expect(verifyWebhook(SECRET, body, headers(ts, good))).resolves.toEqual({ type: 'account.sign-in' })
    await expect(verifyWebhook(SECRET, body, headers(ts, `v1,${'A'.repeat(44)}`))).rejects.toThrow(
      /signature/,
    )
    await expect(
      verifyWebhook(
        `whsec_${Buffer.from('another-secret-of-24-bytes!!').toString('base64')}`,
        body,
        headers(ts, good),
      ),
    ).rejects.toThrow(/signature/)
    await expect(verifyWebhook(SECRET, `${body} `, headers(ts, good))).rejects.toThrow(/signature/)
    const old = ts - 301
    await expect(
      verifyWebhook(SECRET, body, headers(old, await signWebhook(SECRET, id, old, body))),
    ).rejects.toThrow(/tolerance/)
    const future = ts + 301
    await expect(
      verifyWebhook(SECRET, body, headers(future, await signWebhook(SECRET, id, future, body))),
    ).rejects.toThrow(/tolerance/)
    await expect(verifyWebhook(SECRET, body, {})).rejects.toThrow(/missing/)
  })

  it('retries a failing receiver with the same webhook-id', async () => {
    const hook = await receiver((n) => (n === 1 ? 503 : 200))
    await signIn(
      baseConfig({
        adapter: MemoryAdapter(),
        session: { strategy: 'jwt' },
        webhooks: [{ url: hook.url, secret: SECRET }],
      }),
    )
    await until(() => hook.deliveries.length >= 2, 4000)
    expect(hook.deliveries).toHaveLength(2)
    expect(hook.deliveries[1]!.headers['webhook-id']).toBe(hook.deliveries[0]!.headers['webhook-id'])
  })

  it('a receiver that hangs never delays a sign-in', async () => {
    const hung = await receiver(() => 'hang')
    const without = baseConfig({ adapter: MemoryAdapter(), session: { strategy: 'jwt' } })
    const withHook = baseConfig({
      adapter: MemoryAdapter(),
      session: { strategy: 'jwt' },
      webhooks: [{ url: hung.url, secret: SECRET }],
    })
    await signIn(without)
    await signIn(withHook)
    const plain = await signIn(without)
    const hooked = await signIn(withHook)
    await until(() => hung.deliveries.length > 0)
    expect(hung.deliveries.length).toBeGreaterThan(0)
    // The receiver never answers: a sign-in that waited for it would take the 10 s attempt timeout.
    expect(hooked).toBeLessThan(plain + 1000)
  })

  it('refuses a webhook without an http(s) URL or with a short secret, at configuration', async () => {
    const res = await client.call(
      baseConfig({ webhooks: [{ url: 'ftp://x', secret: 'short' }] }),
      new CookieJar(),
      '/auth/session',
    )
    expect(res.status).toBe(500)
  })
})
