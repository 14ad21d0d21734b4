/**
 * The session read without a `Request` (`getSession({ origin, cookie })`) and the one guard every integration uses
 * (`guard(request, rule)`), on a real configuration and real session cookies.
 */
import { describe, expect, it } from 'vitest'
import { createAuth } from '../create-auth.js'
import { encode } from '../jwt/index.js'
import type { AuthConfig } from '../types.js'
import { baseConfig, recordingLogger, SECRET, SESSION } from '../../test/http/http-helpers.js'

const ORIGIN = 'http://app.test'
const SECURE = `__Secure-${SESSION}`

function sessionCookie(salt = SESSION, claims: Record<string, unknown> = {}, maxAge = 3600) {
  return encode({
    token: { name: 'Alice', email: 'alice@example.test', sub: 'user-1', ...claims },
    secret: SECRET,
    salt,
    maxAge,
  })
}

describe('getSession without a Request', () => {
  it('reads what getSession(request) reads, from the origin and the cookie header', async () => {
    const { getSession, auth } = createAuth(baseConfig())
    const cookie = `${SESSION}=${await sessionCookie()}`
    const fromData = await getSession({ origin: ORIGIN, cookie })
    const fromRequest = await getSession(new Request(`${ORIGIN}/page`, { headers: { cookie } }))
    expect(fromData.session?.user).toStrictEqual({
      name: 'Alice',
      email: 'alice@example.test',
      image: undefined,
    })
    expect(fromData).toStrictEqual(fromRequest)
    expect(await auth({ origin: ORIGIN, cookie })).toStrictEqual(fromData.session)
    expect((await getSession({ origin: ORIGIN, cookie: undefined })).session).toBeNull()
  })

  it('the scheme of the origin picks the cookie names (HTTPS reads only __Secure- cookies)', async () => {
    const { getSession } = createAuth(baseConfig())
    const plain = `${SESSION}=${await sessionCookie()}`
    const secure = `${SECURE}=${await sessionCookie(SECURE)}`
    const both = `${plain}; ${secure}`
    expect((await getSession({ origin: 'https://app.test', cookie: plain })).session).toBeNull()
    expect((await getSession({ origin: 'https://app.test', cookie: both })).session).not.toBeNull()
    expect((await getSession({ origin: ORIGIN, cookie: secure })).session).toBeNull()
  })

  it('AUTH_URL fixes the origin: a request on plain HTTP behind it reads the HTTPS cookie', async () => {
    const { getSession } = createAuth(baseConfig(), { env: { AUTH_URL: 'https://public.example/auth' } })
    const secure = `${SECURE}=${await sessionCookie(SECURE)}`
    expect((await getSession({ origin: 'http://10.0.0.5:3000', cookie: secure })).session).not.toBeNull()
  })

  it('returns structured cookies: a re-issued session cookie, or the ones that clear a bad one', async () => {
    const { getSession } = createAuth(baseConfig({ session: { updateAge: 0 } }))
    const cookie = `${SESSION}=${await sessionCookie()}`
    const reissued = await getSession({ origin: ORIGIN, cookie })
    expect(reissued.cookies.map((c) => c.name)).toStrictEqual([SESSION])
    expect(reissued.cookies[0]!.options.expires).toBeInstanceOf(Date)
    expect(reissued.setCookie[0]).toMatch(new RegExp(`^${SESSION}=`))
    expect((await getSession({ origin: ORIGIN, cookie }, { reissue: false })).cookies).toStrictEqual([])
    const bad = await getSession({ origin: ORIGIN, cookie: `${SESSION}=garbage` })
    expect(bad.session).toBeNull()
    expect(bad.cookies).toMatchObject([{ name: SESSION, value: '', options: { maxAge: 0 } }])
  })
})

describe('guard', () => {
  const signedIn = async () => `${SESSION}=${await sessionCookie()}`
  const request = (cookie: string | undefined, url = '/private?tab=1', accept = 'text/html') => ({
    origin: ORIGIN,
    cookie,
    url,
    accept,
  })

  it('lets a signed-in request pass with its session, and its cookies', async () => {
    const { guard } = createAuth(baseConfig({ session: { updateAge: 0 } }))
    const result = await guard(request(await signedIn()))
    expect(result.pass).toBe(true)
    expect(result.session?.user?.name).toBe('Alice')
    expect(result.setCookie).toHaveLength(1)
  })

  it('sends a browser to the sign-in page with callbackUrl, and an API call gets a JSON 401', async () => {
    const { guard } = createAuth(baseConfig())
    const page = await guard(request(undefined))
    expect(page).toMatchObject({
      pass: false,
      session: null,
      answer: {
        kind: 'redirect',
        location: `/auth/signin?callbackUrl=${encodeURIComponent('/private?tab=1')}`,
      },
    })
    const api = await guard(request(undefined, '/api/me', 'application/json'))
    expect(api).toMatchObject({
      pass: false,
      answer: { kind: 'unauthorized', body: { message: 'Sign in required.' } },
    })
    const noAccept = await guard({ origin: ORIGIN, cookie: undefined, url: '/api/me' })
    expect(noAccept).toMatchObject({ answer: { kind: 'unauthorized' } })
  })

  it('a bad session cookie is refused, and the answer clears it', async () => {
    const { guard } = createAuth(baseConfig())
    const result = await guard(request(`${SESSION}=garbage`))
    expect(result.pass).toBe(false)
    expect(result.cookies).toMatchObject([{ name: SESSION, value: '', options: { maxAge: 0 } }])
  })

  it('an absolute URL asked for gives an absolute sign-in URL on its origin; pages.signIn with a query keeps it', async () => {
    const { guard } = createAuth(baseConfig({ pages: { signIn: '/login?theme=dark' } }))
    const absolute = await guard(request(undefined, `${ORIGIN}/a b?x=1&y=(2)`), { deny: 'redirect' })
    expect(absolute).toMatchObject({ answer: { kind: 'redirect' } })
    const location = new URL((absolute as { answer: { location: string } }).answer.location)
    expect(location.origin + location.pathname).toBe(`${ORIGIN}/login`)
    expect(location.searchParams.get('theme')).toBe('dark')
    expect(location.searchParams.get('callbackUrl')).toBe(`${ORIGIN}/a b?x=1&y=(2)`)
    const path = await guard(request(undefined, '/p'), { deny: 'redirect', signInPage: '/sign?x=1' })
    expect(path).toMatchObject({ answer: { location: '/sign?x=1&callbackUrl=%2Fp' } })
  })

  it("deny: 'json' answers 401 whatever the client accepts, with the rule's message", async () => {
    const { guard } = createAuth(baseConfig())
    expect(await guard(request(undefined), { deny: 'json', message: 'Unauthorized' })).toMatchObject({
      answer: { kind: 'unauthorized', body: { message: 'Unauthorized' } },
    })
  })

  it('authorized decides: true lets the signed out pass, false refuses the signed in, a Response answers', async () => {
    const { guard } = createAuth(baseConfig())
    const cookie = await signedIn()
    expect((await guard(request(undefined), { authorized: () => true })).pass).toBe(true)
    expect((await guard(request(cookie), { authorized: () => false })).pass).toBe(false)
    const teapot = new Response('no', { status: 418 })
    expect(await guard(request(cookie), { authorized: () => teapot })).toMatchObject({
      answer: { kind: 'response', response: teapot },
    })
    const seen: string[] = []
    await guard(request(cookie, `${ORIGIN}/x?y=1`), {
      authorized: ({ auth, url }) => void seen.push(`${auth?.user?.name} ${url.pathname}${url.search}`),
    })
    expect(seen).toStrictEqual(['Alice /x?y=1'])
  })

  it('an authorized that throws refuses, and the throw is logged', async () => {
    const logger = recordingLogger()
    const { guard } = createAuth(baseConfig({ logger }))
    const result = await guard(request(await signedIn()), {
      authorized: () => {
        throw new Error('boom')
      },
      passAuthRoutes: true,
    })
    expect(result).toMatchObject({ pass: false, answer: { kind: 'redirect' } })
    expect(logger.errors.at(-1)?.message).toBe('callbacks.authorized threw; the request is denied')
  })

  it('passAuthRoutes: the sign-in page and the endpoints pass whatever authorized says', async () => {
    const { guard } = createAuth(baseConfig())
    const rule = { authorized: () => false, passAuthRoutes: true }
    expect((await guard(request(undefined, '/auth/signin'), rule)).pass).toBe(true)
    expect((await guard(request(undefined, '/auth'), rule)).pass).toBe(true)
    expect((await guard(request(undefined, '/authx'), rule)).pass).toBe(false)
    expect((await guard(request(undefined, '/auth/signin'), { authorized: () => false })).pass).toBe(false)
  })

  it('a rule that would send the browser round in a loop is answered 500 with both paths, and logged', async () => {
    const logger = recordingLogger()
    const { guard } = createAuth(baseConfig({ logger, pages: { signIn: '/login' } }))
    // The sign-in page is itself refused.
    const onLogin = await guard(request(undefined, `${ORIGIN}/login`), {
      authorized: () => false,
      passAuthRoutes: true,
    })
    expect(onLogin).toMatchObject({ answer: { kind: 'response' } })
    const response = (onLogin as { answer: { response: Response } }).answer.response
    expect(response.status).toBe(500)
    expect(await response.text()).toContain('sends /login to /login')
    expect(logger.errors.at(-1)).toMatchObject({ code: 'authorized_redirect_loop' })
    // Two pages that send to each other.
    const pingPong = ({ url }: { url: URL }) =>
      Response.redirect(`${ORIGIN}${url.pathname === '/a' ? '/b' : '/a'}`, 302)
    const loop = await guard(request(undefined, `${ORIGIN}/a`), { authorized: pingPong })
    expect((loop as { answer: { response: Response } }).answer.response.status).toBe(500)
    // A redirect elsewhere that the rule lets through is answered as it is.
    const once = ({ url }: { url: URL }) =>
      url.pathname === '/a' ? Response.redirect(`${ORIGIN}/b`, 302) : true
    const fine = await guard(request(undefined, `${ORIGIN}/a`), { authorized: once })
    expect((fine as { answer: { response: Response } }).answer.response.status).toBe(302)
  })

  it('takes a Request too', async () => {
    const { guard } = createAuth(baseConfig())
    const cookie = await signedIn()
    const result = await guard(new Request(`${ORIGIN}/private`, { headers: { cookie, accept: 'text/html' } }))
    expect(result.pass).toBe(true)
    const refused = await guard(new Request(`${ORIGIN}/private?x=1`, { headers: { accept: 'text/html' } }))
    expect(refused).toMatchObject({
      answer: {
        kind: 'redirect',
        location: `${ORIGIN}/auth/signin?callbackUrl=${encodeURIComponent(`${ORIGIN}/private?x=1`)}`,
      },
    })
  })

  it('a broken configuration refuses everyone, to the sign-in page of its basePath', async () => {
    const logger = recordingLogger()
    const broken: AuthConfig = {
      ...baseConfig({ logger }),
      basePath: '/api/auth/',
      secret: '',
      trustHost: false,
    }
    const { guard } = createAuth(broken, { env: {} })
    const result = await guard(request(await signedIn()))
    expect(result).toMatchObject({
      pass: false,
      session: null,
      answer: { location: `/api/auth/signin?callbackUrl=${encodeURIComponent('/private?tab=1')}` },
    })
  })
})
