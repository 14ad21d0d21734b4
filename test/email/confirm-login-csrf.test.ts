/**
 * Login CSRF on the confirmation POST: another site must not make a victim's browser post the attacker's link
 * (which would sign the victim into the attacker's account). Each check on its own; none of the refused attempts
 * uses the token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browser, emailConfig, ORIGIN, SAME_ORIGIN, sqliteEmailBackend } from './flow-harness.js'

describe('the confirmation POST', () => {
  let db: Awaited<ReturnType<typeof sqliteEmailBackend.setup>>
  beforeAll(async () => {
    db = await sqliteEmailBackend.setup()
  })
  afterAll(() => db.teardown())
  let n = 0

  /** The attacker's own link, and a victim's browser that has visited the site (so it has a CSRF cookie). */
  async function attack() {
    const { config, mails, logger } = emailConfig(db.adapter)
    const attacker = `attacker${++n}@example.com`
    await browser(config).requestLink(attacker)
    const link = new URL(mails[0]!.url)
    const victim = browser(config)
    const victimToken = await victim.csrf()
    const fields = {
      token: link.searchParams.get('token')!,
      email: attacker,
      callbackUrl: `${ORIGIN}/dashboard`,
    }
    const refused = async (res: Response) => {
      expect(res.status).toBe(302)
      expect(res.headers.get('location')).toBe(`${ORIGIN}/auth/signin?error=MissingCSRF`)
      expect(await victim.session()).toBeNull()
      expect((await db.tokens()).filter((r) => r.identifier === attacker)).toHaveLength(1)
    }
    return { victim, victimToken, fields, refused, logger, link: link.href }
  }

  it('without a CSRF token is refused', async () => {
    const { victim, fields, refused } = await attack()
    await refused(await victim.post('/auth/callback/email', fields))
  })

  it('with a wrong CSRF token is refused', async () => {
    const { victim, fields, refused } = await attack()
    await refused(await victim.post('/auth/callback/email', { ...fields, csrfToken: '0'.repeat(64) }))
  })

  it('with the right token but a cross-site Origin is refused', async () => {
    const { victim, victimToken, fields, refused, logger } = await attack()
    await refused(
      await victim.post(
        '/auth/callback/email',
        { ...fields, csrfToken: victimToken },
        { origin: 'https://evil.example' },
      ),
    )
    expect(logger.errors.some((e) => (e as { reason?: string }).reason === 'cross_site_request')).toBe(true)
  })

  it('with the right token but Sec-Fetch-Site cross-site is refused', async () => {
    const { victim, victimToken, fields, refused } = await attack()
    await refused(
      await victim.post(
        '/auth/callback/email',
        { ...fields, csrfToken: victimToken },
        { 'sec-fetch-site': 'cross-site' },
      ),
    )
  })

  it('with the right token, posted from the site, signs in (the checks refuse only what they must)', async () => {
    const { victim, victimToken, fields } = await attack()
    const res = await victim.post('/auth/callback/email', { ...fields, csrfToken: victimToken }, SAME_ORIGIN)
    expect(res.headers.get('location')).toBe(`${ORIGIN}/dashboard`)
    expect((await victim.session())?.user?.email).toBe(fields.email)
  })

  it('with `Origin: null` is refused unless the browser says same-origin', async () => {
    const { victim, victimToken, fields, refused } = await attack()
    await refused(
      await victim.post('/auth/callback/email', { ...fields, csrfToken: victimToken }, { origin: 'null' }),
    )
    const ok = await victim.post(
      '/auth/callback/email',
      { ...fields, csrfToken: victimToken },
      { origin: 'null', 'sec-fetch-site': 'same-origin' },
    )
    expect(ok.headers.get('location')).toBe(`${ORIGIN}/dashboard`)
  })

  it('is not bound to the browser that asked for the link: another device can confirm', async () => {
    const { link, fields } = await attack()
    const phone = browser(emailConfig(db.adapter).config)
    expect((await phone.confirm(link)).headers.get('location')).toBe(`${ORIGIN}/dashboard`)
    expect((await phone.session())?.user?.email).toBe(fields.email)
  })
})
