import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair } from 'jose'
import Provider from 'oidc-provider'

/** A real OpenID provider (oidc-provider) on 127.0.0.1 that logs in `account` without any page. */
export interface RunningOp {
  issuer: string
  /** The provider, built on the first request so that clients may name redirect URIs of later servers. */
  readonly provider: Provider
  /** The account the next interaction logs in. */
  account: { current: string }
  /** Token endpoint requests seen, for assertions on client authentication. */
  tokenRequests: Array<{ authorization: string | undefined; body: string }>
  close(): Promise<void>
}

/** Claims of the test users. */
export const opUsers: Record<string, Record<string, unknown>> = {
  alice: { sub: 'alice', email: 'Alice@Example.COM', email_verified: true, name: 'Alice Liddell' },
  bob: { sub: 'bob', email: 'bob@example.com', email_verified: true, name: 'Bob' },
}

/** Starts the provider with `clients`; `port` 0 picks one. */
export async function startOp(
  clients: () => Array<Record<string, unknown>>,
  options: { extra?: Record<string, unknown> } = {},
): Promise<RunningOp> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  const jwk = { ...(await exportJWK(privateKey)), kid: 'op-key-1', use: 'sig', alg: 'RS256' }
  const account = { current: 'alice' }
  const tokenRequests: RunningOp['tokenRequests'] = []
  let provider: Provider | undefined
  let issuer = ''
  const build = (): Provider => {
    provider ??= create(issuer)
    return provider
  }
  const server: Server = createServer((req, res) => {
    const op = build()
    if (req.url?.startsWith('/interaction/')) {
      void (async () => {
        const details = await op.interactionDetails(req, res)
        const accountId = account.current
        const grant = new op.Grant({ accountId, clientId: String(details.params['client_id']) })
        grant.addOIDCScope(typeof details.params['scope'] === 'string' ? details.params['scope'] : 'openid')
        const grantId = await grant.save()
        await op.interactionFinished(
          req,
          res,
          { login: { accountId }, consent: { grantId } },
          {
            mergeWithLastSubmission: false,
          },
        )
      })().catch((error: unknown) => {
        res.statusCode = 500
        res.end(String(error))
      })
      return
    }
    if (req.url?.startsWith('/token') && req.method === 'POST') {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () =>
        tokenRequests.push({
          authorization: req.headers.authorization,
          body: Buffer.concat(chunks).toString(),
        }),
      )
    }
    op.callback()(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const create = (at: string): Provider => {
    const op = new Provider(at, {
      clients: clients(),
      jwks: { keys: [jwk] },
      cookies: { keys: ['test-op-cookie-key'] },
      findAccount: (_ctx: unknown, sub: string) => {
        const claims = opUsers[sub]
        if (!claims) return undefined
        return { accountId: sub, claims: () => claims }
      },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      scopes: ['openid', 'offline_access', 'profile', 'email'],
      features: { devInteractions: { enabled: false } },
      interactions: {
        url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
      },
      ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, RefreshToken: 600, IdToken: 600 },
      issueRefreshToken: () => true,
      rotateRefreshToken: true,
      pkce: { required: () => false },
      responseTypes: ['code'],
      clientAuthMethods: [
        'client_secret_basic',
        'client_secret_post',
        'client_secret_jwt',
        'private_key_jwt',
        'none',
      ],
      ...options.extra,
    })
    // oidc-provider logs server errors to stderr; tests assert on responses instead.
    op.on('server_error', () => {})
    return op
  }
  return {
    issuer,
    get provider() {
      return build()
    },
    account,
    tokenRequests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((err) => (err ? reject(err) : resolve()))
      }),
  }
}
