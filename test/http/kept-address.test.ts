/**
 * A refused password keeps the typed address for the built-in sign-in page, through a real server: in a short-lived
 * cookie set with the failure's redirect (never in the URL), shown once with the refusal's message, then cleared.
 */
import { describe, expect, it } from 'vitest'
import {
  CookieJar,
  aliceCredentials,
  baseConfig,
  jarFetch,
  setCookie,
  clears,
  signIn,
  useServer,
} from './http-helpers.js'

const KEPT = 'gatehouse.sign-in-values'

/** The value of the input named `name` on a page, or undefined when it has none. */
function valueOf(page: string, name: string): string | undefined {
  const input = new RegExp(`<input[^>]*\\bname="${name}"[^>]*>`).exec(page)?.[0]
  return input === undefined ? undefined : /\bvalue="([^"]*)"/.exec(input)?.[1]
}

describe('the address typed before a refused password', () => {
  const server = useServer(baseConfig())

  it('is kept in a cookie, never in the URL, and shown once on the sign-in page', async () => {
    const jar = new CookieJar()
    const res = await signIn(jar, server.origin, {
      username: 'alice@example.test',
      password: 'wrong-secret-1',
    })
    expect(res.status).toBe(302)
    const location = res.headers.get('location')!
    expect(location).toBe(`${server.origin}/auth/signin?error=CredentialsSignin&code=credentials`)
    expect(location).not.toContain('alice')
    const cookie = setCookie(res, KEPT)!
    expect(cookie.attributes.get('max-age')).toBe('60')
    expect(cookie.attributes.has('httponly')).toBe(true)
    expect(cookie.attributes.get('samesite')?.toLowerCase()).toBe('lax')
    expect(cookie.attributes.get('path')).toBe('/')
    // The password is never kept, not even encoded.
    const stored = Buffer.from(cookie.value, 'base64url').toString('utf8')
    expect(stored).toContain('alice@example.test')
    expect(stored).not.toContain('wrong-secret-1')

    const page = await jarFetch(jar, location)
    const html = await page.text()
    expect(valueOf(html, 'username')).toBe('alice@example.test')
    expect(valueOf(html, 'password')).toBeUndefined()
    // Focus goes to the password, the field left to type.
    expect(html).toMatch(/<input[^>]*name="password"[^>]*autofocus/)
    expect(clears(page, KEPT)).toBe(true)

    // Shown once: a reload no longer has it.
    expect(valueOf(await (await jarFetch(jar, location)).text(), 'username')).toBeUndefined()
  })

  it('is not shown on a sign-in page without the refusal', async () => {
    const jar = new CookieJar()
    await signIn(jar, server.origin, { username: 'alice@example.test', password: 'nope' })
    const page = await jarFetch(jar, `${server.origin}/auth/signin`)
    expect(valueOf(await page.text(), 'username')).toBeUndefined()
    // Still cleared: it is of no use any more.
    expect(clears(page, KEPT)).toBe(true)
  })

  it('is not kept after a successful sign-in, nor when the address is overlong or carries control characters', async () => {
    expect(setCookie(await signIn(new CookieJar(), server.origin), KEPT)).toBeUndefined()
    const long = `${'a'.repeat(250)}@x.test`
    expect(
      setCookie(await signIn(new CookieJar(), server.origin, { username: long, password: 'x' }), KEPT),
    ).toBeUndefined()
    expect(
      setCookie(
        await signIn(new CookieJar(), server.origin, { username: 'a\nb@x.test', password: 'x' }),
        KEPT,
      ),
    ).toBeUndefined()
  })

  it('is escaped when shown, and a forged cookie puts nothing else on the page', async () => {
    const jar = new CookieJar()
    await signIn(jar, server.origin, { username: '"><script>alert(1)</script>', password: 'x' })
    const html = await (await jarFetch(jar, `${server.origin}/auth/signin?error=CredentialsSignin`)).text()
    expect(html).not.toContain('<script>alert(1)')
    expect(valueOf(html, 'username')).toBe('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;')

    // A cookie naming the password field (or another provider) fills nothing: only address fields are shown.
    const forged = new CookieJar()
    forged.values.set(
      KEPT,
      Buffer.from(JSON.stringify({ p: 'credentials', v: { password: 'planted' } })).toString('base64url'),
    )
    const planted = await (
      await jarFetch(forged, `${server.origin}/auth/signin?error=CredentialsSignin`)
    ).text()
    expect(planted).not.toContain('planted')
    forged.values.set(KEPT, 'not base64url!')
    expect((await jarFetch(forged, `${server.origin}/auth/signin?error=CredentialsSignin`)).status).toBe(200)
  })
})

describe('with a custom sign-in page', () => {
  const server = useServer(baseConfig({ pages: { signIn: '/login' }, providers: [aliceCredentials()] }))

  it('keeps nothing: that page keeps its own form state', async () => {
    const res = await signIn(new CookieJar(), server.origin, { username: 'alice', password: 'wrong' })
    expect(res.headers.get('location')).toMatch(/\/login\?/)
    expect(setCookie(res, KEPT)).toBeUndefined()
  })
})

describe('on HTTPS', () => {
  const server = useServer(baseConfig({ useSecureCookies: true }))

  it('the cookie is __Host- prefixed and Secure, so a sibling subdomain cannot plant one', async () => {
    const res = await signIn(new CookieJar(), server.origin, { username: 'alice', password: 'wrong' })
    const cookie = setCookie(res, `__Host-${KEPT}`)!
    expect(cookie.attributes.has('secure')).toBe(true)
    expect(cookie.attributes.get('path')).toBe('/')
    expect(cookie.attributes.has('domain')).toBe(false)
  })
})
