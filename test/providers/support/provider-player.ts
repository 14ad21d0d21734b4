import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'

/** One request the player received, as the provider would have seen it. */
export interface PlayedRequest {
  method: string
  /** The path on the player: `/<real host>/<real path>` for a rewritten URL, `/oidc/...` for a loopback issuer. */
  path: string
  search: URLSearchParams
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** What the player answers during one sign-in; a test sets it before the callback. */
export interface Script {
  /** The issuer discovery documents and ID tokens name. */
  issuer: string
  clientId: string
  clientSecret: string
  /** The token endpoint's JSON body, without the ID token (added for OIDC). */
  tokens: Record<string, unknown>
  tokenHeaders?: Record<string, string>
  /** Claims of the ID token; none is issued when undefined. */
  idToken?: Record<string, unknown>
  /** What is forged: the ID token's `iss` or `aud`, or the signed userinfo's key (`userinfo-key`). */
  forge?: 'iss' | 'aud' | 'userinfo-key'
  hs256?: boolean
  nonce?: string
  /** The body of every other request (the user endpoint), as JSON or as a signed JWT. */
  userinfo: unknown
  userinfoJwt?: boolean
}

/**
 * A loopback HTTP server that plays any provider's endpoints: OIDC discovery and JWKS under any issuer path, the
 * token endpoint (any POST with a `grant_type`), and the user endpoint (anything else). Every request is recorded.
 */
export interface ProviderPlayer {
  origin: string
  script: Script
  requests: PlayedRequest[]
  /** A `fetch` that sends every non-loopback URL to the player as `/<host><path>`. */
  rewrite: typeof fetch
  close(): Promise<void>
}

/** Starts the player on 127.0.0.1. */
export async function startProviderPlayer(): Promise<ProviderPlayer> {
  const keys = await generateKeyPair('RS256')
  const stranger = await generateKeyPair('RS256')
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }
  const requests: PlayedRequest[] = []
  let origin = ''
  const player: ProviderPlayer = {
    origin,
    script: { issuer: '', clientId: '', clientSecret: '', tokens: {}, userinfo: {} },
    requests,
    rewrite: (input, init) => {
      const url = new URL(input instanceof Request ? input.url : input.toString())
      const target =
        url.hostname === '127.0.0.1' ? url : new URL(`/${url.host}${url.pathname}${url.search}`, origin)
      return fetch(target, init)
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((err) => (err ? reject(err) : resolve()))
      }),
  }

  async function sign(
    claims: Record<string, unknown>,
    audience: string,
    key = keys.privateKey,
  ): Promise<string> {
    const s = player.script
    const jwt = new SignJWT(claims)
      .setIssuer(s.forge === 'iss' ? 'https://evil.example' : s.issuer)
      .setAudience(s.forge === 'aud' ? 'someone-else' : audience)
      .setIssuedAt()
      .setExpirationTime('5m')
    if (s.hs256)
      return jwt.setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(s.clientSecret))
    return jwt.setProtectedHeader({ alg: 'RS256', kid: 'k1' }).sign(key)
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', origin)
      const body = await readBody(req)
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        search: url.searchParams,
        headers: req.headers,
        body,
      })
      const s = player.script
      const json = (value: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(200, { 'content-type': 'application/json', ...headers })
        res.end(JSON.stringify(value))
      }
      if (url.pathname.endsWith('/.well-known/openid-configuration')) {
        return json({
          issuer: s.issuer,
          authorization_endpoint: `${origin}/op/authorize`,
          token_endpoint: `${origin}/op/token`,
          userinfo_endpoint: `${origin}/op/userinfo`,
          jwks_uri: `${origin}/op/jwks`,
          code_challenge_methods_supported: ['S256'],
        })
      }
      if (url.pathname === '/op/jwks') return json({ keys: [jwk] })
      if (req.method === 'POST' && new URLSearchParams(body).has('grant_type')) {
        const idToken = s.idToken
          ? { id_token: await sign({ ...s.idToken, ...(s.nonce ? { nonce: s.nonce } : {}) }, s.clientId) }
          : {}
        return json({ ...s.tokens, ...idToken }, s.tokenHeaders)
      }
      if (s.userinfoJwt) {
        res.writeHead(200, { 'content-type': 'application/jwt' })
        const key = s.forge === 'userinfo-key' ? stranger.privateKey : keys.privateKey
        res.end(await sign(s.userinfo as Record<string, unknown>, s.clientId, key))
        return
      }
      return json(s.userinfo)
    })().catch((error: unknown) => {
      res.writeHead(500).end(String(error))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  player.origin = origin
  return player
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks).toString()))
  })
}
