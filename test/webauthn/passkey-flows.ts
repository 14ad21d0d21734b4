/** The WebAuthn flows end to end, in process, on any adapter and both session strategies. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Adapter } from '../../src/adapters/adapter.js'
import type { FlowBackend } from '../database/session-flow-scenarios.js'
import { CookieJar, ORIGIN, softwareAuthenticator, webauthnHarness } from './webauthn-harness.js'

export function passkeyFlows(backend: FlowBackend, strategy: 'jwt' | 'database') {
  describe(`${backend.name}, ${strategy} sessions`, () => {
    let adapter: Adapter
    let teardown: () => unknown
    beforeAll(async () => {
      const made = await backend.setup()
      adapter = made.adapter
      teardown = made.teardown
    })
    afterAll(() => teardown?.())

    it('registers a new user by e-mail, signs out, signs in with and without the address, adds a passkey', async () => {
      const h = webauthnHarness({ adapter, strategy })
      const authenticator = softwareAuthenticator()
      const email = `new-${strategy}@example.com`

      const jar = new CookieJar()
      const reg = await h.optionsFor(jar, { action: 'register', email })
      expect(reg.status).toBe(200)
      expect(reg.body.action).toBe('register')
      expect(reg.body.options.rp).toEqual({ id: 'app.test', name: 'app.test' })
      expect(reg.body.options.user.name).toBe(email)
      expect(reg.body.options.authenticatorSelection).toMatchObject({
        residentKey: 'required',
        userVerification: 'required',
      })
      expect(reg.body.options.timeout).toBe(300000)
      expect(jar.values.has('authjs.challenge')).toBe(true)

      const done = await h.post(jar, {
        action: 'register',
        data: JSON.stringify(authenticator.register(reg.body.options)),
      })
      expect(done.status).toBe(302)
      expect(done.headers.get('location')).toBe(`${ORIGIN}/`)
      expect(jar.values.has('authjs.challenge')).toBe(false)
      expect((await h.session(jar))?.user?.email).toBe(email)

      const user = await adapter.getUserByEmail!(email)
      expect(user).not.toBeNull()
      const stored = await adapter.listAuthenticatorsByUserId!(user!.id)
      expect(stored).toHaveLength(1)
      const credentialId = Buffer.from(authenticator.credentials[0]!.id).toString('base64')
      expect(stored[0]).toMatchObject({
        credentialID: credentialId,
        providerAccountId: credentialId,
        userId: user!.id,
        counter: 0,
        credentialBackedUp: true,
        credentialDeviceType: 'multiDevice',
        transports: 'internal',
      })
      expect(await adapter.getAccount!(credentialId, 'passkey')).toMatchObject({
        userId: user!.id,
        type: 'webauthn',
      })

      // Signed out: a discoverable credential, no address.
      const anonymous = new CookieJar()
      const auth = await h.optionsFor(anonymous, { action: 'authenticate' })
      expect(auth.body.action).toBe('authenticate')
      expect(auth.body.options.allowCredentials ?? []).toEqual([])
      expect(auth.body.options.userVerification).toBe('required')
      const signedIn = await h.post(anonymous, {
        action: 'authenticate',
        data: JSON.stringify(authenticator.authenticate(auth.body.options)),
      })
      expect(signedIn.status).toBe(302)
      expect((await h.session(anonymous))?.user?.email).toBe(email)
      expect((await adapter.getAuthenticator!(credentialId))?.counter).toBe(1)

      // Signed out, with the address: the user's credentials are allowed.
      const known = new CookieJar()
      const withEmail = await h.optionsFor(known, { email })
      expect(withEmail.body.action).toBe('authenticate')
      expect(withEmail.body.options.allowCredentials).toEqual([
        {
          id: Buffer.from(authenticator.credentials[0]!.id).toString('base64url'),
          type: 'public-key',
          transports: ['internal'],
        },
      ])
      const again = await h.post(known, {
        action: 'authenticate',
        data: JSON.stringify(authenticator.authenticate(withEmail.body.options)),
      })
      expect(again.status).toBe(302)
      expect((await h.session(known))?.user?.email).toBe(email)

      // Signed in: a second passkey for the same user; the first is excluded.
      const second = softwareAuthenticator()
      const add = await h.optionsFor(known, { action: 'register' })
      expect(add.body.action).toBe('register')
      expect(add.body.options.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([
        Buffer.from(authenticator.credentials[0]!.id).toString('base64url'),
      ])
      const added = await h.post(known, {
        action: 'register',
        data: JSON.stringify(second.register(add.body.options)),
      })
      expect(added.status).toBe(302)
      expect(await adapter.listAuthenticatorsByUserId!(user!.id)).toHaveLength(2)
      expect((await h.session(known))?.user?.email).toBe(email)

      // The second passkey signs in too.
      const third = new CookieJar()
      const res = await h.ceremony(third, second, { action: 'authenticate' })
      expect(res.status).toBe(302)
      expect((await h.session(third))?.user?.email).toBe(email)
      expect(h.logger.errors).toEqual([])
    })

    it('answers next-auth/webauthn style requests (X-Auth-Return-Redirect) with the callback URL as JSON', async () => {
      const h = webauthnHarness({ adapter, strategy })
      const authenticator = softwareAuthenticator({ attestation: 'packed' })
      const jar = new CookieJar()
      const reg = await h.optionsFor(jar, { email: `packed-${strategy}@example.com` })
      expect(reg.body.action).toBe('register')
      const res = await h.post(
        jar,
        {
          action: 'register',
          data: JSON.stringify(authenticator.register(reg.body.options)),
          callbackUrl: `${ORIGIN}/home`,
        },
        { 'X-Auth-Return-Redirect': '1' },
      )
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ url: `${ORIGIN}/home` })
    })
  })
}
