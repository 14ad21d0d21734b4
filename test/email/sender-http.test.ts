/**
 * The six HTTP senders against a loopback `node:http` server standing in for each service: the provider's
 * `[customFetch]` keeps the path and sends the request to loopback, and the server checks what each service's
 * documentation asks for (method, host and path, authentication, content type, body). Also: a refusal or a failed
 * connection throws an Error naming the service and the status, never the key; the configuration checks; and one
 * sender through the whole flow on SQLite, from the sign-in POST to a session.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Adapter } from '../../src/adapters/adapter.js'
import { resolveConfig } from '../../src/config/resolve-config.js'
import ForwardEmail from '../../src/providers/forwardemail.js'
import Loops from '../../src/providers/loops.js'
import Mailgun from '../../src/providers/mailgun.js'
import Postmark from '../../src/providers/postmark.js'
import type { EmailConfig, SendVerificationRequestParams } from '../../src/providers/provider-types.js'
import Resend from '../../src/providers/resend.js'
import SendGrid from '../../src/providers/sendgrid.js'
import { customFetch } from '../../src/symbols.js'
import type { AuthConfig } from '../../src/types.js'
import { ORIGIN, SAME_ORIGIN, browser, emailConfig, sqliteEmailBackend } from './flow-harness.js'

const KEY = 'sk_test_a-key-that-must-never-be-logged'

interface Received {
  /** The URL the sender meant to call (before the test fetch sent it to loopback). */
  target: string
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: string
}

let server: Server
let base: string
let received: Received[] = []
let adapter: Adapter
let closeAdapter: () => Promise<void>
let answer: { status: number; body: string; type?: string } = { status: 200, body: '{"id":"1"}' }

beforeAll(async () => {
  // A real adapter, only so that the configuration checks pass and reach the sender's own.
  const backend = await sqliteEmailBackend.setup()
  adapter = backend.adapter
  closeAdapter = () => backend.teardown()
  server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      received.push({
        target: String(req.headers['x-test-target']),
        method: req.method!,
        path: req.url!,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      })
      res.writeHead(answer.status, { 'content-type': answer.type ?? 'application/json' })
      res.end(answer.body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`
})
afterAll(async () => {
  await closeAdapter()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})
beforeEach(() => {
  received = []
  answer = { status: 200, body: '{"id":"1"}' }
})

/** A fetch that sends a service's request to the loopback server, path and query kept, the real URL in a header. */
function loopbackFetch(to: () => string = () => base): typeof fetch {
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input)
    const headers = new Headers(init?.headers)
    headers.set('x-test-target', url.href)
    return fetch(`${to()}${url.pathname}${url.search}`, { ...init, headers })
  }
}

/** The provider as the configuration resolves it (options, environment, `[customFetch]`). */
function resolved(provider: EmailConfig, env: Record<string, string> = {}): EmailConfig {
  const config = resolveConfig(
    { secret: 'a-secret-of-at-least-32-characters-long', adapter, providers: [provider] },
    env,
  )
  return config.providers[0] as unknown as EmailConfig
}

function params(provider: EmailConfig, identifier = 'ada@example.com'): SendVerificationRequestParams {
  const url = `${ORIGIN}/auth/callback/${provider.id}?callbackUrl=${encodeURIComponent(ORIGIN)}&token=abc&email=${encodeURIComponent(identifier)}`
  return {
    identifier,
    url,
    expires: new Date(Date.now() + 86_400_000),
    provider,
    token: 'abc',
    theme: {},
    request: new Request(`${ORIGIN}/auth/signin/${provider.id}`, { method: 'POST' }),
  }
}

async function send(provider: EmailConfig) {
  const p = resolved(provider)
  const sent = params(p)
  await p.sendVerificationRequest(sent)
  expect(received).toHaveLength(1)
  return { req: received[0]!, sent }
}

const basic = (header: string | undefined) =>
  Buffer.from(String(header).replace(/^Basic /, ''), 'base64').toString()
const FROM = 'Example <no-reply@example.com>'

describe('each sender calls its documented API', () => {
  it('Resend: POST api.resend.com/emails, Bearer, JSON {from, to, subject, html, text}', async () => {
    const { req, sent } = await send(Resend({ apiKey: KEY, from: FROM, [customFetch]: loopbackFetch() }))
    expect(req.method).toBe('POST')
    expect(req.target).toBe('https://api.resend.com/emails')
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`)
    expect(req.headers['content-type']).toBe('application/json')
    const body = JSON.parse(req.body) as Record<string, string>
    expect(Object.keys(body).sort()).toEqual(['from', 'html', 'subject', 'text', 'to'])
    expect(body).toMatchObject({ from: FROM, to: 'ada@example.com', subject: 'Sign in to app.test' })
    expect(body.text).toContain(sent.url)
    expect(body.html).toContain(sent.url.replaceAll('&', '&amp;'))
  })

  it('SendGrid: POST api.sendgrid.com/v3/mail/send, Bearer, personalizations, from object, text before html', async () => {
    answer = { status: 202, body: '' }
    const { req, sent } = await send(SendGrid({ apiKey: KEY, from: FROM, [customFetch]: loopbackFetch() }))
    expect(req.method).toBe('POST')
    expect(req.target).toBe('https://api.sendgrid.com/v3/mail/send')
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`)
    expect(req.headers['content-type']).toBe('application/json')
    const body = JSON.parse(req.body) as {
      personalizations: unknown
      from: unknown
      subject: string
      content: Array<{ type: string; value: string }>
    }
    expect(body.personalizations).toEqual([{ to: [{ email: 'ada@example.com' }] }])
    expect(body.from).toEqual({ email: 'no-reply@example.com', name: 'Example' })
    expect(body.subject).toBe('Sign in to app.test')
    expect(body.content.map((c) => c.type)).toEqual(['text/plain', 'text/html'])
    expect(body.content[0]!.value).toContain(sent.url)
  })

  it('Postmark: POST api.postmarkapp.com/email, X-Postmark-Server-Token, PascalCase JSON, stream "outbound"', async () => {
    const { req } = await send(Postmark({ apiKey: KEY, from: FROM, [customFetch]: loopbackFetch() }))
    expect(req.method).toBe('POST')
    expect(req.target).toBe('https://api.postmarkapp.com/email')
    expect(req.headers['x-postmark-server-token']).toBe(KEY)
    expect(req.headers.authorization).toBeUndefined()
    expect(req.headers['content-type']).toBe('application/json')
    expect(req.headers.accept).toBe('application/json')
    const body = JSON.parse(req.body) as Record<string, string>
    expect(Object.keys(body).sort()).toEqual([
      'From',
      'HtmlBody',
      'MessageStream',
      'Subject',
      'TextBody',
      'To',
    ])
    expect(body).toMatchObject({ From: FROM, To: 'ada@example.com', MessageStream: 'outbound' })
    received = []
    const { req: other } = await send(
      Postmark({ apiKey: KEY, messageStream: 'logins', [customFetch]: loopbackFetch() }),
    )
    expect((JSON.parse(other.body) as Record<string, string>).MessageStream).toBe('logins')
  })

  it('Mailgun: POST api.mailgun.net/v3/{domain}/messages, form, Basic api:key; region eu -> api.eu.mailgun.net', async () => {
    const { req, sent } = await send(
      Mailgun({ apiKey: KEY, from: FROM, domain: 'mg.example.com', [customFetch]: loopbackFetch() }),
    )
    expect(req.method).toBe('POST')
    expect(req.target).toBe('https://api.mailgun.net/v3/mg.example.com/messages')
    expect(basic(req.headers.authorization)).toBe(`api:${KEY}`)
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded')
    const form = new URLSearchParams(req.body)
    expect([...form.keys()].sort()).toEqual(['from', 'html', 'subject', 'text', 'to'])
    expect(form.get('from')).toBe(FROM)
    expect(form.get('to')).toBe('ada@example.com')
    expect(form.get('text')).toContain(sent.url)
    received = []
    const { req: eu } = await send(
      Mailgun({ apiKey: KEY, domain: 'mg.example.eu', region: 'eu', [customFetch]: loopbackFetch() }),
    )
    expect(eu.target).toBe('https://api.eu.mailgun.net/v3/mg.example.eu/messages')
    // Auth.js's form: no `domain` (the one of `from`), `region: 'EU'`.
    received = []
    const { req: authjs } = await send(
      Mailgun({
        apiKey: KEY,
        from: 'Shop <login@mg.shop.example>',
        region: 'EU',
        [customFetch]: loopbackFetch(),
      }),
    )
    expect(authjs.target).toBe('https://api.eu.mailgun.net/v3/mg.shop.example/messages')
  })

  it('Forward Email: POST api.forwardemail.net/v1/emails, Basic key with an empty password, JSON', async () => {
    const { req } = await send(ForwardEmail({ apiKey: KEY, from: FROM, [customFetch]: loopbackFetch() }))
    expect(req.method).toBe('POST')
    expect(req.target).toBe('https://api.forwardemail.net/v1/emails')
    expect(basic(req.headers.authorization)).toBe(`${KEY}:`)
    expect(req.headers['content-type']).toBe('application/json')
    const body = JSON.parse(req.body) as Record<string, string>
    expect(Object.keys(body).sort()).toEqual(['from', 'html', 'subject', 'text', 'to'])
    expect(body).toMatchObject({ from: FROM, to: 'ada@example.com' })
  })

  it('Loops: POST app.loops.so/api/v1/transactional, Bearer, {transactionalId, email, dataVariables: {url, host}}', async () => {
    const { req, sent } = await send(
      Loops({ apiKey: KEY, transactionalId: 'tx_123', [customFetch]: loopbackFetch() }),
    )
    expect(req.method).toBe('POST')
    expect(req.target).toBe('https://app.loops.so/api/v1/transactional')
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`)
    expect(req.headers['content-type']).toBe('application/json')
    expect(JSON.parse(req.body)).toEqual({
      transactionalId: 'tx_123',
      email: 'ada@example.com',
      dataVariables: { url: sent.url, host: 'app.test' },
    })
  })

  it('takes the key from AUTH_{ID}_KEY', async () => {
    const p = resolved(Resend({ [customFetch]: loopbackFetch() }), { AUTH_RESEND_KEY: 'from-env' })
    await p.sendVerificationRequest(params(p))
    expect(received[0]!.headers.authorization).toBe('Bearer from-env')
  })
})

describe('a refusal or a failed request throws, naming the service and the status, never the key', () => {
  const senders: Array<[string, () => EmailConfig]> = [
    ['Resend', () => Resend({ apiKey: KEY, [customFetch]: loopbackFetch() })],
    ['SendGrid', () => SendGrid({ apiKey: KEY, [customFetch]: loopbackFetch() })],
    ['Postmark', () => Postmark({ apiKey: KEY, [customFetch]: loopbackFetch() })],
    ['Mailgun', () => Mailgun({ apiKey: KEY, domain: 'mg.example.com', [customFetch]: loopbackFetch() })],
    ['Forward Email', () => ForwardEmail({ apiKey: KEY, [customFetch]: loopbackFetch() })],
    ['Loops', () => Loops({ apiKey: KEY, transactionalId: 'tx', [customFetch]: loopbackFetch() })],
  ]

  it.each(senders)('%s: a 4xx with a JSON message', async (service, make) => {
    // The service echoes the key back: it must still not reach the message.
    answer = { status: 422, body: JSON.stringify({ message: `domain not verified (key ${KEY})` }) }
    const p = resolved(make())
    const error = await Promise.resolve(p.sendVerificationRequest(params(p))).then(
      () => undefined,
      (e: unknown) => e as Error,
    )
    expect(error).toBeInstanceOf(Error)
    expect(error!.message).toContain(service)
    expect(error!.message).toContain('HTTP 422')
    expect(error!.message).toContain('domain not verified')
    expect(error!.message).not.toContain(KEY)
  })

  it.each(senders)('%s: a 5xx that is not JSON', async (service, make) => {
    answer = { status: 503, body: '<html>upstream down</html>', type: 'text/html' }
    const p = resolved(make())
    await expect(p.sendVerificationRequest(params(p))).rejects.toThrow(new RegExp(`^${service}.*HTTP 503`))
  })

  it('SendGrid and Postmark error shapes: errors[].message and Message', async () => {
    answer = { status: 400, body: JSON.stringify({ errors: [{ message: 'bad from', field: 'from.email' }] }) }
    const sg = resolved(SendGrid({ apiKey: KEY, [customFetch]: loopbackFetch() }))
    await expect(sg.sendVerificationRequest(params(sg))).rejects.toThrow(/HTTP 400: bad from/)
    answer = { status: 422, body: JSON.stringify({ ErrorCode: 300, Message: 'Invalid To address' }) }
    const pm = resolved(Postmark({ apiKey: KEY, [customFetch]: loopbackFetch() }))
    await expect(pm.sendVerificationRequest(params(pm))).rejects.toThrow(/HTTP 422: Invalid To address/)
  })

  it('a connection that fails: the service named, not the key', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as { port: number }).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const p = resolved(
      Resend({ apiKey: KEY, [customFetch]: loopbackFetch(() => `http://127.0.0.1:${port}`) }),
    )
    const error = await Promise.resolve(p.sendVerificationRequest(params(p))).then(
      () => undefined,
      (e: unknown) => e as Error,
    )
    expect(error!.message).toMatch(/^Resend: the request to send the e-mail failed/)
    expect(error!.message).not.toContain(KEY)
  })
})

describe('configuration', () => {
  const problemOf = (provider: EmailConfig, env: Record<string, string> = {}) => {
    try {
      resolved(provider, env)
      return ''
    } catch (error) {
      return (error as Error).message
    }
  }

  it('a missing key names the option and AUTH_{ID}_KEY', () => {
    expect(problemOf(Resend())).toMatch(/provider "resend" needs `apiKey`: pass it, or set AUTH_RESEND_KEY/)
    expect(problemOf(ForwardEmail())).toMatch(/AUTH_FORWARDEMAIL_KEY/)
    expect(problemOf(SendGrid(), { AUTH_SENDGRID_KEY: 'k' })).toBe('')
  })

  it('Mailgun needs a domain and a known region; Loops a transactionalId; Postmark a stream id', () => {
    expect(problemOf(Mailgun({ apiKey: 'k', from: 'no domain' }))).toMatch(/needs `domain`/)
    expect(problemOf(Mailgun({ apiKey: 'k', from: 'a@mg.example.com/../x' }))).toMatch(/needs `domain`/)
    expect(problemOf(Mailgun({ apiKey: 'k', domain: 'mg.example.com/../x' }))).toMatch(/needs `domain`/)
    expect(problemOf(Mailgun({ apiKey: 'k', domain: 'mg.example.com', region: 'asia' as 'eu' }))).toMatch(
      /`region`/,
    )
    expect(problemOf(Mailgun({ apiKey: 'k', domain: 'mg.example.com', region: 'eu' }))).toBe('')
    expect(problemOf(Loops({ apiKey: 'k' }))).toMatch(/needs `transactionalId`/)
    expect(problemOf(Postmark({ apiKey: 'k', messageStream: '' }))).toMatch(/`messageStream`/)
  })

  it("has Auth.js's ids, names and defaults", () => {
    const made = [Resend(), SendGrid(), Postmark(), Mailgun(), ForwardEmail(), Loops()]
    expect(made.map((p) => [p.id, p.name, p.type, p.maxAge])).toEqual([
      ['resend', 'Resend', 'email', 86_400],
      ['sendgrid', 'SendGrid', 'email', 86_400],
      ['postmark', 'Postmark', 'email', 86_400],
      ['mailgun', 'Mailgun', 'email', 86_400],
      ['forwardemail', 'Forward Email', 'email', 86_400],
      ['loops', 'Loops', 'email', 86_400],
    ])
    expect(made.every((p) => p.from === 'Auth.js <no-reply@authjs.dev>')).toBe(true)
  })
})

describe('end to end: Resend through the whole flow on SQLite', () => {
  async function setup(config: Partial<AuthConfig> = {}) {
    const backend = await sqliteEmailBackend.setup()
    const { config: auth, logger } = emailConfig(backend.adapter, { config })
    auth.providers = [Resend({ apiKey: KEY, from: FROM, [customFetch]: loopbackFetch() })]
    return { backend, logger, client: browser(auth) }
  }

  it('POST /signin/resend mails the link; its confirmation POST signs in', async () => {
    const { backend, client } = await setup()
    try {
      const asked = await client.post('/auth/signin/resend', {
        csrfToken: await client.csrf(),
        email: 'Ada@Example.com',
        callbackUrl: `${ORIGIN}/dashboard`,
      })
      expect(asked.status).toBe(302)
      expect(asked.headers.get('location')).toBe(`${ORIGIN}/auth/verify-request?provider=resend&type=email`)
      expect(received).toHaveLength(1)
      const mail = JSON.parse(received[0]!.body) as { to: string; text: string }
      expect(mail.to).toBe('ada@example.com')
      const link = /https?:\/\/\S+\/callback\/resend\?\S+/.exec(mail.text)?.[0]
      expect(link).toBeDefined()
      const url = new URL(link!)

      // The GET shows the confirmation page and uses nothing up.
      const page = await client.call(`${url.pathname}${url.search}`)
      expect(page.status).toBe(200)
      const html = await page.text()
      expect(await backend.tokens()).toHaveLength(1)
      const csrfToken = /name="csrfToken" value="([^"]*)"/.exec(html)?.[1] ?? ''
      const confirmed = await client.post(
        '/auth/callback/resend',
        {
          csrfToken,
          token: url.searchParams.get('token')!,
          email: url.searchParams.get('email')!,
          callbackUrl: url.searchParams.get('callbackUrl')!,
        },
        SAME_ORIGIN,
      )
      expect(confirmed.status).toBe(302)
      expect(confirmed.headers.get('location')).toBe(`${ORIGIN}/dashboard`)
      expect((await client.session())?.user?.email).toBe('ada@example.com')
      expect(await backend.tokens()).toEqual([])
    } finally {
      await backend.teardown()
    }
  })

  it('the service refuses: EmailSignin, no token left, the cause logged without the key', async () => {
    const { backend, client, logger } = await setup()
    try {
      answer = {
        status: 403,
        body: JSON.stringify({ name: 'validation_error', message: 'from not verified' }),
      }
      const asked = await client.post('/auth/signin/resend', {
        csrfToken: await client.csrf(),
        email: 'ada@example.com',
        callbackUrl: `${ORIGIN}/dashboard`,
      })
      expect(new URL(asked.headers.get('location')!).searchParams.get('error')).toBe('EmailSignin')
      expect(await backend.tokens()).toEqual([])
      const logged = logger.errors.map(
        (e) => `${e.message} ${String((e.cause as Error | undefined)?.message)}`,
      )
      expect(logged.join('\n')).toMatch(/Resend refused to send the e-mail: HTTP 403: from not verified/)
      expect(logged.join('\n')).not.toContain(KEY)
    } finally {
      await backend.teardown()
    }
  })
})
