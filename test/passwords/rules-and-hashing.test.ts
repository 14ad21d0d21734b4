/**
 * The NIST rules, the breached-password check on a loopback server, hostile bodies, the stored hash format, the
 * upgrade of weaker and legacy hashes, and the bounded hash queue.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { hash } from '@node-rs/argon2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customFetch } from '../../src/symbols.js'
import { CookieJar } from '../support/cookie-jar.js'
import { GOOD_PASSWORD, passwordRig, signUpVerified, type PasswordRig } from './password-harness.js'

const errorOf = (res: Response) => new URL(res.headers.get('location')!).searchParams.get('error')

describe('password rules at sign-up', () => {
  let rig: PasswordRig
  beforeAll(async () => {
    rig = await passwordRig()
  })
  afterAll(() => rig.close())

  const signUp = (email: string, password: string, headers: Record<string, string> = {}) =>
    rig.post(new CookieJar(), '/auth/signup/password', { email, password }, headers)

  it('refuses a password too short, common, containing the address or its local part, or 65+ characters', async () => {
    expect(errorOf(await signUp('short@example.com', 'fourteen chars'))).toBe('PasswordTooShort')
    expect(errorOf(await signUp('common@example.com', 'passwordpassword'))).toBe('PasswordTooCommon')
    expect(errorOf(await signUp('common@example.com', 'PASSWORDPASSWORD'))).toBe('PasswordTooCommon')
    expect(errorOf(await signUp('identity@example.com', 'my identity@example.com!'))).toBe(
      'PasswordContainsIdentity',
    )
    expect(errorOf(await signUp('grace.hopper@example.com', 'grace.hopper is my name'))).toBe(
      'PasswordContainsIdentity',
    )
    expect(errorOf(await signUp('long@example.com', 'x'.repeat(40) + 'y'.repeat(25)))).toBe('PasswordTooLong')
    expect(await rig.adapter.getUserByEmail('long@example.com')).toBeNull()
    // Refusals change nothing and send nothing.
    expect(rig.mailbox.messages).toHaveLength(0)
  })

  it('counts characters after NFKC, not UTF-16 units: 15 emoji pass, 14 do not', async () => {
    expect(errorOf(await signUp('emoji14@example.com', '🔑'.repeat(14)))).toBe('PasswordTooShort')
    const ok = await signUp('emoji15@example.com', '🔑'.repeat(15))
    expect(ok.headers.get('location')).toContain('/auth/verify-request')
  })

  it('answers a refusal in JSON mode with its url and status 400', async () => {
    const res = await signUp('json@example.com', 'short', { 'X-Auth-Return-Redirect': '1' })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { url: string }).url).toContain('error=PasswordTooShort')
  })

  it('accepts 64 characters and never truncates: the first 64 of 65 do not sign in as the 65', async () => {
    const email = 'sixtyfour@example.com'
    const password = 'a quite long passphrase that fills sixty-four characters exactly'
    expect([...password]).toHaveLength(64)
    await signUpVerified(rig, new CookieJar(), email, password)
    const longer = await rig.post(new CookieJar(), '/auth/callback/password', {
      email,
      password: `${password}!`,
    })
    expect(errorOf(longer)).toBe('CredentialsSignin')
    const cut = await rig.post(new CookieJar(), '/auth/callback/password', {
      email,
      password: password.slice(0, 63),
    })
    expect(errorOf(cut)).toBe('CredentialsSignin')
    const exact = await rig.post(new CookieJar(), '/auth/callback/password', { email, password })
    expect(exact.headers.get('location')).toBe('http://app.test/')
  })

  it('normalizes with NFKC: a full-width password signs in as its ASCII form', async () => {
    const email = 'nfkc@example.com'
    await signUpVerified(rig, new CookieJar(), email, 'Ｗｉｄｅ letters are fine here')
    const res = await rig.post(new CookieJar(), '/auth/callback/password', {
      email,
      password: 'Wide letters are fine here',
    })
    expect(res.headers.get('location')).toBe('http://app.test/')
  })

  it('answers NUL, CR/LF and 10 MB bodies in every field of every POST without a 5xx or a stack', async () => {
    const hostile = ['a\u0000b@example.com\u0000', 'x@example.com\r\nBcc: evil@example.com', '\r\n\u0000']
    const names = ['email', 'password', 'token', 'name', 'currentPassword', 'newPassword', 'callbackUrl']
    // Signed in, so that the change-password form reaches its checks instead of the sign-in redirect.
    const signedIn = new CookieJar()
    await signUpVerified(rig, signedIn, 'hostile-signed-in@example.com')
    const user = await rig.adapter.getUserByEmail('hostile-signed-in@example.com')
    const storedBefore = await rig.adapter.getPasswordHash(user!.id)
    for (const path of [
      '/auth/signup/password',
      '/auth/callback/password',
      '/auth/reset-password',
      '/auth/verify-email',
      '/auth/verify-email/resend',
      '/auth/change-password',
    ]) {
      for (const jar of path === '/auth/change-password' ? [new CookieJar(), signedIn] : [undefined]) {
        for (const value of hostile) {
          for (const name of names) {
            const res = await rig.post(jar ?? new CookieJar(), path, {
              email: 'v@example.com',
              password: GOOD_PASSWORD,
              [name]: value,
            })
            expect(res.status, `${path} ${name}`).toBeLessThan(500)
            expect(await res.text()).not.toMatch(/at \w+ \(|node_modules/)
          }
        }
      }
      for (const name of names) {
        const big = await rig.post(new CookieJar(), path, {
          email: 'v@example.com',
          password: GOOD_PASSWORD,
          [name]: 'p'.repeat(10 * 1024 * 1024),
        })
        expect(big.status, `${path} ${name} of 10 MB`).toBe(413)
      }
    }
    expect(rig.mailbox.messages.some((m) => m.envelope.to.includes('evil@example.com'))).toBe(false)
    // The signed-in user's password is unchanged by all of it (its failed attempts throttle it, as they should).
    expect(await rig.adapter.getPasswordHash(user!.id)).toBe(storedBefore)
  })
})

describe('the breached-password check (k-anonymity range API on a loopback server)', () => {
  let server: Server
  let base: string
  const asked: string[] = []
  let failing = false
  beforeAll(async () => {
    // SHA-1 of "correct horse battery staple" starts with 2A...; the server answers for any prefix it is asked.
    const { createHash } = await import('node:crypto')
    const breached = createHash('sha1').update(GOOD_PASSWORD).digest('hex').toUpperCase()
    server = createServer((req, res) => {
      asked.push(req.url ?? '')
      if (failing) {
        res.writeHead(503).end()
        return
      }
      const prefix = (req.url ?? '').split('/').at(-1)!
      const lines = ['0000000000000000000000000000000000A:0']
      if (breached.startsWith(prefix)) lines.push(`${breached.slice(5)}:3861493`)
      res.writeHead(200, { 'content-type': 'text/plain' }).end(lines.join('\r\n'))
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/range`
  })
  afterAll(() => new Promise<void>((r) => server.close(() => r())))

  it('refuses a breached password, sends only 5 hex digits through [customFetch], and fails open', async () => {
    const fetched: string[] = []
    const rig = await passwordRig({
      password: {
        breachedPasswordCheck: { url: base, timeoutMs: 1000 },
        [customFetch]: (input: string | URL | Request, init?: RequestInit) => {
          fetched.push(input instanceof Request ? input.url : input.toString())
          return fetch(input, init)
        },
      },
    })
    try {
      const refused = await rig.post(new CookieJar(), '/auth/signup/password', {
        email: 'b@example.com',
        password: GOOD_PASSWORD,
      })
      expect(errorOf(refused)).toBe('PasswordBreached')
      expect(fetched).toHaveLength(1)
      expect(asked.at(-1)).toMatch(/^\/range\/[0-9A-F]{5}$/)
      const clean = await rig.post(new CookieJar(), '/auth/signup/password', {
        email: 'c@example.com',
        password: 'a different passphrase entirely',
      })
      expect(clean.headers.get('location')).toContain('/auth/verify-request')
      failing = true
      const open = await rig.post(new CookieJar(), '/auth/signup/password', {
        email: 'd@example.com',
        password: GOOD_PASSWORD,
      })
      expect(open.headers.get('location')).toContain('/auth/verify-request')
    } finally {
      failing = false
      await rig.close()
    }
  })
})

describe('hashes as stored, upgraded and bounded', () => {
  it('stores OWASP argon2id by default: $argon2id$v=19$m=19456,t=2,p=1', async () => {
    const rig = await passwordRig({
      password: { hashing: { memoryCost: 19456, timeCost: 2, parallelism: 1 } },
    })
    try {
      await rig.post(new CookieJar(), '/auth/signup/password', {
        email: 'owasp@example.com',
        password: GOOD_PASSWORD,
      })
      const user = await rig.adapter.getUserByEmail('owasp@example.com')
      expect(await rig.adapter.getPasswordHash(user!.id)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    } finally {
      await rig.close()
    }
  })

  it('replaces a weaker hash, and a legacy hash through verifyLegacyPassword, at the next sign-in', async () => {
    const legacyChecks: string[] = []
    const rig = await passwordRig({
      password: {
        hashing: { memoryCost: 19456, timeCost: 2, parallelism: 1 },
        verifyLegacyPassword: (stored, password) => {
          legacyChecks.push(stored)
          return stored === `legacy:${password.length}:${password}`
        },
      },
    })
    try {
      const weak = await rig.adapter.createUser({
        id: crypto.randomUUID(),
        email: 'weak@example.com',
        emailVerified: new Date(),
      })
      await rig.adapter.setPasswordHash(
        weak.id,
        await hash(GOOD_PASSWORD, { memoryCost: 8192, timeCost: 1, parallelism: 1 }),
      )
      const signIn = await rig.post(new CookieJar(), '/auth/callback/password', {
        email: 'weak@example.com',
        password: GOOD_PASSWORD,
      })
      expect(signIn.headers.get('location')).toBe('http://app.test/')
      expect(await rig.adapter.getPasswordHash(weak.id)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)

      const old = await rig.adapter.createUser({
        id: crypto.randomUUID(),
        email: 'old@example.com',
        emailVerified: new Date(),
      })
      await rig.adapter.setPasswordHash(old.id, `legacy:${GOOD_PASSWORD.length}:${GOOD_PASSWORD}`)
      const wrong = await rig.post(new CookieJar(), '/auth/callback/password', {
        email: 'old@example.com',
        password: 'not it at all, no',
      })
      expect(errorOf(wrong)).toBe('CredentialsSignin')
      const right = await rig.post(new CookieJar(), '/auth/callback/password', {
        email: 'old@example.com',
        password: GOOD_PASSWORD,
      })
      expect(right.headers.get('location')).toBe('http://app.test/')
      expect(await rig.adapter.getPasswordHash(old.id)).toMatch(/^\$argon2id\$/)
      expect(legacyChecks).toHaveLength(2)
      // Checked once: the next sign-in verifies the argon2id hash.
      await rig.post(new CookieJar(), '/auth/callback/password', {
        email: 'old@example.com',
        password: GOOD_PASSWORD,
      })
      expect(legacyChecks).toHaveLength(2)
    } finally {
      await rig.close()
    }
  })

  it('answers 503 with Retry-After beyond the bounded queue, and serves the rest', async () => {
    const rig = await passwordRig({
      password: {
        hashing: { memoryCost: 19456, timeCost: 2, parallelism: 1 },
        hashQueue: { concurrency: 1, maxWaiting: 1 },
      },
    })
    try {
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          rig.post(new CookieJar(), '/auth/callback/password', {
            email: `flood${i}@example.com`,
            password: GOOD_PASSWORD,
            csrfToken: 'x',
          }),
        ),
      )
      // CSRF is checked before any hash; give each a real token instead.
      expect(answers.every((a) => a.status !== 503)).toBe(true)
      const jars = Array.from({ length: 6 }, () => new CookieJar())
      const tokens = await Promise.all(jars.map((j) => rig.csrf(j)))
      const flood = await Promise.all(
        jars.map((jar, i) =>
          rig.post(jar, '/auth/callback/password', {
            email: `flood${i}@example.com`,
            password: GOOD_PASSWORD,
            csrfToken: tokens[i]!,
          }),
        ),
      )
      const busy = flood.filter((r) => r.status === 503)
      expect(busy.length).toBeGreaterThanOrEqual(3)
      expect(busy[0]!.headers.get('retry-after')).toBe('1')
      expect(flood.filter((r) => r.status === 302).length).toBeGreaterThanOrEqual(2)
    } finally {
      await rig.close()
    }
  })
})
