/**
 * The demo with two-factor sign-in: Alice enrols from the setup page the protected page links to (the secret read
 * off the page, codes computed with the test's own RFC 6238 implementation), and her next password sign-in stops at
 * the challenge until the code.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startDemo, type RunningDemo } from '../../examples/demo/server.js'
import { CookieJar, csrfToken, form, jarFetch } from '../support/cookie-jar.js'
import { stepAt, totpCode } from '../support/rfc6238.js'

let demo: RunningDemo | undefined
let dir = ''
afterAll(async () => {
  await demo?.close()
  if (dir) await rm(dir, { recursive: true, force: true })
})

async function passwordSignIn(url: string): Promise<{ jar: CookieJar; res: Response }> {
  const jar = new CookieJar()
  const res = await jarFetch(
    jar,
    `${url}/auth/callback/credentials`,
    form({ csrfToken: await csrfToken(jar, url), email: 'alice@example.com', password: 'rabbit-hole-42' }),
  )
  return { jar, res }
}

describe('the demo with two-factor sign-in', () => {
  it('enrols from the protected page, then asks for the code at the next sign-in', async () => {
    dir = await mkdtemp(join(tmpdir(), 'gatehouse-demo-2fa-'))
    demo = await startDemo({ port: 0, host: '127.0.0.1', dataDir: dir, env: {}, log: () => {} })
    const { url } = demo
    const first = await passwordSignIn(url)
    expect(first.jar.get('authjs.session-token')).toBeDefined()
    const protectedPage = await (await jarFetch(first.jar, `${url}/protected`)).text()
    expect(protectedPage).toContain('href="/auth/two-factor/setup"')
    const setup = await (await jarFetch(first.jar, `${url}/auth/two-factor/setup`)).text()
    const secret = /id="two-factor-secret">([A-Z2-7]+)</.exec(setup)?.[1]
    expect(secret).toBeDefined()
    const enrolled = await jarFetch(
      first.jar,
      `${url}/auth/two-factor/setup`,
      form({ csrfToken: await csrfToken(first.jar, url), code: totpCode(secret!, stepAt()) }),
    )
    expect(await enrolled.text()).toContain('id="backup-codes"')

    const second = await passwordSignIn(url)
    expect(second.res.headers.get('location')).toBe(`${url}/auth/two-factor`)
    expect(second.jar.get('authjs.session-token')).toBeUndefined()
    const done = await jarFetch(
      second.jar,
      `${url}/auth/callback/two-factor`,
      form({ csrfToken: await csrfToken(second.jar, url), code: totpCode(secret!, stepAt() + 1) }),
    )
    expect(done.status).toBe(302)
    expect(second.jar.get('authjs.session-token')).toBeDefined()
    expect((await jarFetch(second.jar, `${url}/protected`)).status).toBe(200)
  })
})
