/** `GET {basePath}/webauthn-script/{hash}.js`: the page script under its content-addressed name, and nothing else. */
import { describe, expect, test } from 'vitest'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import { Auth } from '../../src/auth.js'
import { sha256Base64 } from '../../src/pages/sha256-base64.js'
import { webauthnScriptAsset } from '../../src/pages/webauthn-script-asset.js'
import Passkey from '../../src/providers/passkey.js'
import type { AuthConfig } from '../../src/types.js'

const config: AuthConfig = {
  secret: 'a-test-secret-that-is-at-least-32-characters-long',
  trustHost: true,
  adapter: MemoryAdapter(),
  providers: [Passkey()],
}
const get = (path: string) => Auth(new Request(`http://localhost:3000/auth${path}`), config)

describe('the passkey page script route', () => {
  test('serves the bundle under its hash, immutable, as JavaScript', async () => {
    const asset = webauthnScriptAsset()
    const res = await get(`/webauthn-script/${asset.fileName}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    const body = await res.text()
    expect(sha256Base64(body)).toBe(asset.sha256)
    expect(asset.fileName).toBe(`${asset.sha256.slice(0, 22).replace(/\+/g, '-').replace(/\//g, '_')}.js`)
    // Built from @simplewebauthn/browser, loaded from nowhere else.
    expect(body).toContain('navigator.credentials')
    expect(body).not.toMatch(/https?:\/\/(unpkg|cdn|jsdelivr)/)
  })

  test.each(['/webauthn-script/old.js', '/webauthn-script', '/webauthn-script/%2e%2e%2fsession'])(
    '%s is a 404, not the script',
    async (path) => {
      const res = await get(path)
      expect(res.status).toBe(404)
      expect(await res.text()).not.toContain('navigator')
    },
  )

  test('the sign-in page names the current file', async () => {
    const res = await get('/signin')
    const html = await res.text()
    expect(html).toContain(`/auth/webauthn-script/${webauthnScriptAsset().fileName}"`)
  })
})
