import AuthJsGitLab from '@auth/core/providers/gitlab'
import { describe, expect, it } from 'vitest'
import { Auth } from '../auth.js'
import type { AuthConfig } from '../types.js'
import GitLab, { type GitLabProfile } from './gitlab.js'
import type { OAuthConfig } from './provider-types.js'

const ORIGIN = 'https://app.example.com'

/** Where a sign-in with `provider` sends the browser. */
async function authorizationUrl(provider: OAuthConfig<GitLabProfile>): Promise<URL> {
  const config: AuthConfig = {
    secret: 'gitlab-test-secret-0123456789abcdef0123',
    trustHost: true,
    providers: [provider],
  }
  const csrf = await Auth(new Request(`${ORIGIN}/auth/csrf`), config)
  const { csrfToken } = (await csrf.json()) as { csrfToken: string }
  const cookie = csrf.headers.getSetCookie()[0]!.split(';')[0]!
  const res = await Auth(
    new Request(`${ORIGIN}/auth/signin/gitlab`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: new URLSearchParams({ csrfToken }).toString(),
    }),
    config,
  )
  expect(res.status).toBe(302)
  return new URL(res.headers.get('location')!)
}

describe('GitLab', () => {
  it.each([undefined, 'https://gitlab.example.com', new URL('https://gitlab.example.com/')])(
    'has the endpoints of @auth/core for baseUrl %s',
    (baseUrl) => {
      const options = { clientId: 'id', clientSecret: 'secret', ...(baseUrl ? { baseUrl } : {}) }
      const ours = GitLab(options)
      const theirs = AuthJsGitLab(options)
      for (const key of ['id', 'name', 'type', 'authorization', 'token', 'userinfo'] as const) {
        expect(ours[key]).toEqual(theirs[key])
      }
    },
  )

  it('signs in at a self-managed instance, under its path too', async () => {
    for (const baseUrl of ['https://git.example.org/gitlab', 'https://git.example.org/gitlab/']) {
      const url = await authorizationUrl(GitLab({ clientId: 'id', clientSecret: 'secret', baseUrl }))
      expect(url.origin + url.pathname).toBe('https://git.example.org/gitlab/oauth/authorize')
      expect(url.searchParams.get('scope')).toBe('read_user')
      expect(url.searchParams.get('client_id')).toBe('id')
    }
  })

  it('takes authorization params as extra parameters, at the instance', async () => {
    const provider = GitLab({
      clientId: 'id',
      clientSecret: 'secret',
      baseUrl: 'https://git.example.org',
      authorization: { params: { scope: 'read_user read_api', prompt: 'consent' } },
    })
    const url = await authorizationUrl(provider)
    expect(url.origin + url.pathname).toBe('https://git.example.org/oauth/authorize')
    expect(url.searchParams.get('scope')).toBe('read_user read_api')
    expect(url.searchParams.get('prompt')).toBe('consent')
  })
})
