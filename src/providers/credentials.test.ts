import { Auth as AuthJs, skipCSRFCheck as authJsSkipCSRFCheck } from '@auth/core'
import AuthJsCredentials from '@auth/core/providers/credentials'
import { describe, expect, it } from 'vitest'
import { Auth } from '../auth.js'
import { skipCSRFCheck } from '../symbols.js'
import type { AuthConfig } from '../types.js'
import Credentials from './credentials.js'

const secret = 'credentials-test-secret-0123456789abcdef'

/** POST `/auth/callback/credentials` with a user name and password, answered by `auth`. */
async function signIn(auth: (request: Request) => Promise<Response>): Promise<Response> {
  return auth(
    new Request('https://app.example/auth/callback/credentials', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'ann', password: 'pw' }).toString(),
    }),
  )
}

describe('Credentials without options', () => {
  it.each([
    ['Credentials()', () => Credentials(), () => AuthJsCredentials({})],
    ['Credentials, uncalled', () => Credentials, () => AuthJsCredentials],
  ])('%s is a working provider that refuses every sign-in, as in Auth.js', async (_, ours, theirs) => {
    const config = { secret, trustHost: true, skipCSRFCheck, providers: [ours()] } as AuthConfig
    const providers = await Auth(new Request('https://app.example/auth/providers'), config)
    expect(providers.status).toBe(200)
    expect(await providers.json()).toMatchObject({ credentials: { id: 'credentials', type: 'credentials' } })

    const answer = await signIn((request) => Auth(request, config))
    const authJsConfig = {
      secret,
      trustHost: true,
      skipCSRFCheck: authJsSkipCSRFCheck,
      providers: [theirs()],
      logger: { error: () => {} },
    }
    const authJsAnswer = await signIn(
      (request) => AuthJs(request, authJsConfig as never) as Promise<Response>,
    )
    expect(answer.status).toBe(302)
    expect(answer.headers.get('location')).toBe(authJsAnswer.headers.get('location'))
    expect(answer.headers.get('location')).toBe(
      'https://app.example/auth/signin?error=CredentialsSignin&code=credentials',
    )
  })

  it('keeps an authorize given, and the default for one given as undefined', async () => {
    const authorize = () => ({ id: '1' })
    expect(Credentials({ authorize }).authorize).toBe(authorize)
    const config: AuthConfig = {
      secret,
      trustHost: true,
      skipCSRFCheck,
      providers: [Credentials({ authorize: undefined } as never)],
    }
    const answer = await signIn((request) => Auth(request, config))
    expect(answer.headers.get('location')).toContain('error=CredentialsSignin')
  })
})
