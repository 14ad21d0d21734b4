import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose'

/** How the fake IdP misbehaves on the next token or userinfo request. */
export type FakeMode =
  | 'ok'
  | 'wrong-iss'
  | 'wrong-aud'
  | 'expired'
  | 'bad-signature'
  | 'userinfo-not-json'
  | 'slow-token'
  | 'rotated-key'
  | 'tenant'
  | 'tenant-mismatch'

/** A tiny OpenID provider that forges what oidc-provider never would; it answers every code. */
export interface FakeIdp {
  issuer: string
  mode: { current: FakeMode }
  close(): Promise<void>
}

/** Starts the fake IdP for `clientId` on 127.0.0.1. */
export async function startFakeIdp(clientId: string): Promise<FakeIdp> {
  const good = await generateKeyPair('RS256')
  const other = await generateKeyPair('RS256')
  const rotated = await generateKeyPair('RS256')
  const mode = { current: 'ok' as FakeMode }
  const nonces = new Map<string, string>()
  let issuer = ''
  let rotatedPublished = false
  const publicJwk = async (key: CryptoKey, kid: string) => ({
    ...(await exportJWK(key)),
    kid,
    alg: 'RS256',
    use: 'sig',
  })

  async function idToken(nonce: string | undefined): Promise<string> {
    const now = Math.floor(Date.now() / 1000)
    const m = mode.current
    const key =
      m === 'bad-signature' ? other.privateKey : m === 'rotated-key' ? rotated.privateKey : good.privateKey
    const kid = m === 'rotated-key' ? 'k2' : 'k1'
    // Multi-tenant: the token names its tenant in `tid`, and its `iss` is that tenant's (or, forged, another's).
    const tenant = m === 'tenant' || m === 'tenant-mismatch' ? { tid: 'tenant-123' } : {}
    const iss =
      m === 'wrong-iss'
        ? 'https://evil.example'
        : m === 'tenant'
          ? `${issuer}/tenant-123/v2.0`
          : m === 'tenant-mismatch'
            ? `${issuer}/other-tenant/v2.0`
            : issuer
    return new SignJWT({ email: 'Carol@Example.com', name: 'Carol', ...tenant, ...(nonce ? { nonce } : {}) })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setSubject('carol')
      .setIssuer(iss)
      .setAudience(m === 'wrong-aud' ? 'someone-else' : clientId)
      .setIssuedAt(m === 'expired' ? now - 7200 : now)
      .setExpirationTime(m === 'expired' ? now - 3600 : now + 300)
      .sign(key)
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', issuer)
      const json = (body: unknown) => {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify(body))
      }
      switch (url.pathname) {
        case '/common/v2.0/.well-known/openid-configuration':
          return json({
            issuer: `${issuer}/{tenantid}/v2.0`,
            authorization_endpoint: `${issuer}/authorize`,
            token_endpoint: `${issuer}/token`,
            jwks_uri: `${issuer}/jwks`,
            code_challenge_methods_supported: ['S256'],
          })
        case '/.well-known/openid-configuration':
          return json({
            issuer,
            authorization_endpoint: `${issuer}/authorize`,
            token_endpoint: `${issuer}/token`,
            userinfo_endpoint: `${issuer}/userinfo`,
            jwks_uri: `${issuer}/jwks`,
            code_challenge_methods_supported: ['S256'],
          })
        case '/jwks': {
          const keys = [await publicJwk(good.publicKey, 'k1')]
          if (rotatedPublished) keys.push(await publicJwk(rotated.publicKey, 'k2'))
          return json({ keys })
        }
        case '/authorize': {
          const code = `code-${Math.random().toString(36).slice(2)}`
          const nonce = url.searchParams.get('nonce')
          if (nonce) nonces.set(code, nonce)
          const back = new URL(url.searchParams.get('redirect_uri')!)
          back.searchParams.set('code', code)
          const state = url.searchParams.get('state')
          if (state) back.searchParams.set('state', state)
          res.writeHead(302, { location: back.href }).end()
          return
        }
        case '/token': {
          if (mode.current === 'slow-token') return // never answers: the client must time out
          const body = new URLSearchParams(await readBody(req))
          if (mode.current === 'rotated-key') rotatedPublished = true
          return json({
            access_token: 'fake-access-token',
            token_type: 'Bearer',
            expires_in: 300,
            id_token: await idToken(nonces.get(body.get('code') ?? '')),
          })
        }
        case '/userinfo':
          if (mode.current === 'userinfo-not-json') {
            res.writeHead(200, { 'content-type': 'text/html' }).end('<html>not json</html>')
            return
          }
          return json({ sub: 'carol', email: 'Carol@Example.com', name: 'Carol' })
        default:
          res.writeHead(404).end()
      }
    })().catch((error: unknown) => {
      res.writeHead(500).end(String(error))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    issuer,
    mode,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((err) => (err ? reject(err) : resolve()))
      }),
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks).toString()))
  })
}
