/** The CSRF double-submit check (wire-contract §1.6): rotation, the Auth.js array hash, and one negative test each. */
import { createHash, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  CSRF,
  CookieJar,
  SESSION,
  baseConfig,
  csrfToken,
  form,
  jarFetch,
  setCookie,
  useServer,
} from './http-helpers.js'

const OLD = 'old-secret-for-csrf-rotation-0123456789'
const NEW = 'new-secret-for-csrf-rotation-0123456789'
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')

/** A CSRF cookie value `token|sha256(token + hashSecret)`, URL-encoded as it travels. */
function csrfCookie(hashSecret: string, token = randomBytes(32).toString('hex')) {
  return { token, value: encodeURIComponent(`${token}|${sha256(token + hashSecret)}`) }
}

const credentials = { username: 'alice', password: 'wonderland' }

async function postSignIn(origin: string, cookie: string | undefined, fields: Record<string, string>) {
  const jar = new CookieJar()
  if (cookie !== undefined) jar.values.set(CSRF, cookie)
  const res = await jarFetch(jar, `${origin}/auth/callback/credentials`, form({ ...credentials, ...fields }))
  return { res, jar }
}

function expectSignedIn(res: Response, origin: string) {
  expect(res.status).toBe(302)
  expect(res.headers.get('location')).toBe(`${origin}/`)
  expect(setCookie(res, SESSION)).toBeDefined()
}

function expectMissingCsrf(res: Response, origin: string) {
  expect(res.status).toBe(302)
  expect(res.headers.get('location')).toBe(`${origin}/auth/signin?error=MissingCSRF`)
  expect(setCookie(res, SESSION)).toBeUndefined()
}

describe('CSRF with a rotation array', () => {
  const before = useServer(baseConfig({ secret: OLD }))
  const after = useServer(baseConfig({ secret: [NEW, OLD] }))

  it('a form opened before the rotation (cookie hashed with the old secret) still posts after it', async () => {
    const jar = new CookieJar()
    const token = await csrfToken(jar, before.origin)
    const res = await jarFetch(
      jar,
      `${after.origin}/auth/callback/credentials`,
      form({ csrfToken: token, ...credentials }),
    )
    expectSignedIn(res, after.origin)
  })

  it('a cookie hashed with the new (first) secret posts', async () => {
    const { token, value } = csrfCookie(NEW)
    expectSignedIn((await postSignIn(after.origin, value, { csrfToken: token })).res, after.origin)
  })

  it('an Auth.js cookie hashed with the comma-joined array posts', async () => {
    const { token, value } = csrfCookie(`${NEW},${OLD}`)
    expectSignedIn((await postSignIn(after.origin, value, { csrfToken: token })).res, after.origin)
  })

  it('a new cookie is minted with the first secret', async () => {
    const res = await fetch(`${after.origin}/auth/csrf`)
    const { csrfToken: token } = (await res.json()) as { csrfToken: string }
    expect(decodeURIComponent(setCookie(res, CSRF)!.value)).toBe(`${token}|${sha256(token + NEW)}`)
  })
})

describe('CSRF negative tests', () => {
  const server = useServer(baseConfig())

  it('rejects a missing CSRF cookie', async () => {
    const { token } = csrfCookie('irrelevant')
    expectMissingCsrf((await postSignIn(server.origin, undefined, { csrfToken: token })).res, server.origin)
  })

  it('rejects a wrong CSRF token with an authentic cookie', async () => {
    const jar = new CookieJar()
    await csrfToken(jar, server.origin)
    const res = await jarFetch(
      jar,
      `${server.origin}/auth/callback/credentials`,
      form({ csrfToken: randomBytes(32).toString('hex'), ...credentials }),
    )
    expectMissingCsrf(res, server.origin)
  })

  it('rejects a missing csrfToken field with an authentic cookie', async () => {
    const jar = new CookieJar()
    await csrfToken(jar, server.origin)
    const res = await jarFetch(jar, `${server.origin}/auth/callback/credentials`, form(credentials))
    expectMissingCsrf(res, server.origin)
  })

  it('rejects a CSRF cookie with a forged hash, and mints a fresh cookie', async () => {
    const token = randomBytes(32).toString('hex')
    const forged = encodeURIComponent(`${token}|${sha256(token + 'attacker-guess')}`)
    const { res } = await postSignIn(server.origin, forged, { csrfToken: token })
    expectMissingCsrf(res, server.origin)
    const fresh = decodeURIComponent(setCookie(res, CSRF)!.value)
    expect(fresh.startsWith(`${token}|`)).toBe(false)
  })

  it('rejects a cookie whose hash is the bare SHA-256 of the token (no secret)', async () => {
    const token = randomBytes(32).toString('hex')
    const { res } = await postSignIn(server.origin, encodeURIComponent(`${token}|${sha256(token)}`), {
      csrfToken: token,
    })
    expectMissingCsrf(res, server.origin)
  })

  it('rejects a token sent as a JSON array or object instead of a string', async () => {
    const jar = new CookieJar()
    const token = await csrfToken(jar, server.origin)
    for (const csrf of [[token], { token }]) {
      const res = await jarFetch(jar, `${server.origin}/auth/callback/credentials`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...credentials, csrfToken: csrf }),
      })
      expectMissingCsrf(res, server.origin)
    }
  })

  it('rejects a cookie with the token but no hash', async () => {
    const token = randomBytes(32).toString('hex')
    expectMissingCsrf((await postSignIn(server.origin, token, { csrfToken: token })).res, server.origin)
  })

  it('a cross-site style POST (no cookie, guessed token) to /signout keeps the session', async () => {
    const jar = new CookieJar()
    const token = await csrfToken(jar, server.origin)
    await jarFetch(
      jar,
      `${server.origin}/auth/callback/credentials`,
      form({ csrfToken: token, ...credentials }),
    )
    const session = jar.values.get(SESSION)!
    const attacker = new CookieJar()
    attacker.values.set(SESSION, session)
    const res = await jarFetch(attacker, `${server.origin}/auth/signout`, form({ csrfToken: token }))
    expect(res.headers.get('location')).toBe(`${server.origin}/auth/signin?error=MissingCSRF`)
    expect(setCookie(res, SESSION)).toBeUndefined()
  })
})
