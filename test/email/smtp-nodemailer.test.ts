/**
 * The Nodemailer provider over real SMTP: nodemailer sends to `smtp-server` on loopback (gatehouse-auth/testing/mailbox),
 * the messages are parsed with `mailparser`, and the link in them signs in through the confirmation page on a real
 * SQLite adapter. Also: a server that refuses the recipient, a server that is not there, and the configuration
 * checks of `server`.
 */
import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveConfig } from '../../src/config/resolve-config.js'
import Email from '../../src/providers/email.js'
import Nodemailer from '../../src/providers/nodemailer.js'
import { startLocalMailbox, type LocalMailbox } from '../../src/testing/local-mailbox.js'
import type { AuthConfig } from '../../src/types.js'
import { ORIGIN, browser, emailConfig, sqliteEmailBackend } from './flow-harness.js'

let mailbox: LocalMailbox
beforeAll(async () => {
  mailbox = await startLocalMailbox({ refuse: (to) => to.startsWith('refused@') })
})
afterAll(() => mailbox?.close())

/** A configuration whose only provider is Nodemailer (id `email`, as the harness's browser expects). */
async function smtpSetup(server: string = mailbox.url, theme?: AuthConfig['theme']) {
  const backend = await sqliteEmailBackend.setup()
  const { config, logger } = emailConfig(backend.adapter, { config: theme ? { theme } : {} })
  config.providers = [Email({ server, from: 'Example <no-reply@example.com>' })]
  return { backend, config, logger, client: browser(config) }
}

/** The first URL of a text that points at the callback. */
function linkIn(text: string): string {
  const found = /https?:\/\/\S+\/callback\/email\?\S+/.exec(text)?.[0]
  if (!found) throw new Error(`no sign-in link in:\n${text}`)
  return found
}

describe('Nodemailer over real SMTP', () => {
  it('sends a message with the link in both parts and the right headers; the link signs in', async () => {
    const { backend, client } = await smtpSetup()
    try {
      const asked = await client.requestLink('ada@example.com')
      expect(asked.status).toBe(302)
      expect(asked.headers.get('location')).toBe(`${ORIGIN}/auth/verify-request?provider=email&type=email`)
      const mail = await mailbox.next()
      expect(mail.envelope).toEqual({ from: 'no-reply@example.com', to: ['ada@example.com'] })
      expect(mail.from).toBe('"Example" <no-reply@example.com>')
      expect(mail.to).toBe('ada@example.com')
      expect(mail.subject).toBe('Sign in to app.test')
      const link = linkIn(mail.text)
      const url = new URL(link)
      expect(url.origin).toBe(ORIGIN)
      expect(url.searchParams.get('email')).toBe('ada@example.com')
      expect(url.searchParams.get('token')).toMatch(/^[0-9a-f]{64}$/)
      expect(mail.text).toMatch(/expires on \d{1,2} \w+ \d{4}, \d{2}:\d{2} UTC/)
      // The HTML part carries the same link (escaped as an attribute) and no remote resource.
      expect(mail.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`)
      expect(mail.html).not.toMatch(/<img|<script|<link|url\(/i)
      // The token stored is its hash, not the token.
      const [row] = await backend.tokens()
      expect(row?.token).not.toBe(url.searchParams.get('token'))

      const confirmed = await client.confirm(link.slice(ORIGIN.length))
      expect(confirmed.status).toBe(302)
      expect((await client.session())?.user?.email).toBe('ada@example.com')
      expect(await backend.tokens()).toEqual([])
    } finally {
      await backend.teardown()
    }
  })

  it('escapes a hostile theme and shows only the logo the application configured', async () => {
    const { backend, client } = await smtpSetup(mailbox.url, {
      brandColor: 'red;background:url(https://tracker.example/p.gif)',
      buttonText: '"><script>alert(1)</script>',
      logo: 'https://example.com/logo.png',
    })
    try {
      await client.requestLink('grace@example.com')
      const mail = await mailbox.next()
      expect(mail.html).not.toContain('tracker.example')
      expect(mail.html).not.toContain('<script>')
      expect(mail.html.match(/<img /g)).toHaveLength(1)
      expect(mail.html).toContain('src="https://example.com/logo.png"')
    } finally {
      await backend.teardown()
    }
  })

  it('a server that refuses the recipient: EmailSignin on the sign-in page, no usable token, the cause logged', async () => {
    const { backend, client, logger } = await smtpSetup()
    try {
      const asked = await client.requestLink('refused@example.com')
      expect(asked.status).toBe(302)
      expect(new URL(asked.headers.get('location')!).searchParams.get('error')).toBe('EmailSignin')
      expect(await backend.tokens()).toEqual([])
      const logged = logger.errors.map(
        (e) => `${e.message} ${String((e.cause as Error | undefined)?.message)}`,
      )
      expect(logged.join('\n')).toMatch(/550|Mailbox unavailable|recipient/i)
    } finally {
      await backend.teardown()
    }
  })

  it('a server that is not there: EmailSignin, no usable token', async () => {
    // A port that was free a moment ago: nothing listens on it.
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const { port: p } = s.address() as { port: number }
        s.close(() => resolve(p))
      })
    })
    const { backend, client } = await smtpSetup(`smtp://127.0.0.1:${port}`)
    try {
      const asked = await client.requestLink('ada@example.com')
      expect(new URL(asked.headers.get('location')!).searchParams.get('error')).toBe('EmailSignin')
      expect(await backend.tokens()).toEqual([])
    } finally {
      await backend.teardown()
    }
  })
})

describe('Nodemailer configuration', () => {
  const base = (provider: ReturnType<typeof Nodemailer>): AuthConfig => ({
    secret: 'a-secret-of-at-least-32-characters-long',
    adapter: {},
    providers: [provider],
  })
  const problemOf = (provider: ReturnType<typeof Nodemailer>) => {
    try {
      resolveConfig(base(provider), {})
      return ''
    } catch (error) {
      return (error as Error).message
    }
  }

  it('needs `server`, an SMTP URL or options', () => {
    expect(problemOf(Nodemailer())).toMatch(/needs `server`/)
    expect(problemOf(Nodemailer({ server: 'https://smtp.example.com' }))).toMatch(/smtp:\/\/ or smtps:\/\//)
    expect(problemOf(Nodemailer({ server: 'smtps://u:p@smtp.example.com' }))).not.toMatch(/server/)
    expect(problemOf(Nodemailer({ server: { host: 'smtp.example.com', port: 587 } }))).not.toMatch(/server/)
  })

  it('has Auth.js ids, names and defaults; `email` is the same provider', () => {
    const n = Nodemailer({ server: 'smtp://localhost' })
    expect([n.id, n.name, n.type, n.from, n.maxAge]).toEqual([
      'nodemailer',
      'Nodemailer',
      'email',
      'Auth.js <no-reply@authjs.dev>',
      86400,
    ])
    const e = Email({ server: 'smtp://localhost' })
    expect([e.id, e.name, e.sendVerificationRequest]).toEqual(['email', 'Email', n.sendVerificationRequest])
  })
})
