/**
 * The built-in error page of a broken configuration: in development it lists the problems (escaped, since a
 * problem can quote configuration input), in production it stays generic; the JSON answers never list them.
 */
import { describe, expect, it } from 'vitest'
import { createAuth } from '../../src/create-auth.js'
import type { AuthConfig } from '../../src/types.js'
import { recordingLogger } from './http-helpers.js'

const ORIGIN = 'https://app.test'

function broken(): AuthConfig {
  return {
    providers: [
      {
        id: 'github',
        name: 'GitHub',
        type: 'oauth',
        authorization: 'https://github.com/login/oauth/authorize',
      },
    ] as never,
    trustHost: true,
    logger: recordingLogger(),
  }
}

async function errorPage(env: Record<string, string>, config: AuthConfig = broken()): Promise<Response> {
  const { handlers } = createAuth(config, { env })
  return handlers.GET(new Request(`${ORIGIN}/auth/error?error=Configuration`))
}

describe('the configuration error page', () => {
  it('in development lists every problem with what to do', async () => {
    const response = await errorPage({ NODE_ENV: 'development' })
    expect(response.status).toBe(500)
    const page = await response.text()
    const list = /<ul class="development-problems">([\s\S]*?)<\/ul>/.exec(page)?.[1] ?? ''
    const items = [...list.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => m[1])
    expect(items).toHaveLength(4)
    expect(list).toContain('secret: no secret is set. Set AUTH_SECRET')
    expect(list).toContain('providers[0] (github).clientId: no client id is set')
    expect(list).toContain('Set AUTH_GITHUB_ID and AUTH_GITHUB_SECRET')
  })

  it('is generic in production (and when NODE_ENV is production through createAuth’s env)', async () => {
    const page = await (await errorPage({ NODE_ENV: 'production', AUTH_URL: 'https://app.test' })).text()
    expect(page).toContain('There is a problem with the server configuration')
    expect(page).not.toContain('development-problems')
    expect(page).not.toContain('AUTH_SECRET')
    expect(page).not.toContain('github')
  })

  it('escapes what a problem quotes from the configuration', async () => {
    const withCode = {
      ...broken(),
      basePath: '/auth',
      redirectProxyAllowedOrigins: ['"><script>alert(1)</script>'],
    }
    const page = await (await errorPage({ NODE_ENV: 'development' }, withCode)).text()
    expect(page).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(page).not.toContain('<script>alert(1)')
  })

  it('JSON answers stay Auth.js’s message, in development too', async () => {
    const { handlers } = createAuth(broken(), { env: { NODE_ENV: 'development' } })
    const response = await handlers.GET(new Request(`${ORIGIN}/auth/session`))
    expect(response.status).toBe(500)
    expect(await response.json()).toStrictEqual({
      message:
        'There was a problem with the server configuration. Check the server logs for more information.',
    })
  })
})
