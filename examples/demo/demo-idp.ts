import { generateKeyPair, randomBytes } from 'node:crypto'
import { promisify } from 'node:util'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type Provider from 'oidc-provider'
import type { OIDCConfig } from 'gatehouse-auth'
import { sendConsentPage, sendLoginPage, type DemoIdpUser } from './demo-idp-pages.js'

/** The people of the Demo IdP. */
export const demoIdpUsers: readonly DemoIdpUser[] = [
  { sub: 'ada', name: 'Ada Lovelace', email: 'ada@idp.example' },
  { sub: 'grace', name: 'Grace Hopper', email: 'grace@idp.example' },
]

/** A running Demo IdP. */
export interface DemoIdp {
  issuer: string
  /** The Gatehouse provider that signs in with it. */
  provider: OIDCConfig
  /** Registers the callback URLs of the app, known once the app listens. */
  setRedirectUris(uris: readonly string[]): void
  close(): Promise<void>
}

const PROVIDER_ID = 'demo-idp'

const UNSUPPORTED_RUNTIME = 'oidc-provider WARNING: Unsupported runtime.'

/**
 * Loads oidc-provider without its start-up line "Unsupported runtime. Use Node.js v22.x LTS": version 9 prints it
 * on Node 20, which Gatehouse supports and the Demo IdP runs on without trouble (the test suites run the same
 * version there). Only that line, only while the module loads, only here: every other warning still shows.
 */
async function loadOidcProvider(): Promise<{ OidcProvider: typeof Provider; adapter: unknown }> {
  const warn = console.warn
  const filtered = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith(UNSUPPORTED_RUNTIME)) return
    warn(...args)
  }
  console.warn = filtered
  try {
    const [{ default: OidcProvider }, { createMemoryAdapter }] = await Promise.all([
      import('oidc-provider'),
      // oidc-provider's own in-memory store, asked for by name: the Demo IdP means to forget everything when it
      // stops (left to its default, oidc-provider warns that an in-memory store loses data on restart).
      import('oidc-provider/lib/adapters/memory_adapter.js'),
    ])
    return { OidcProvider, adapter: createMemoryAdapter(0) }
  } finally {
    // Another caller may have replaced it meanwhile: put back only our own.
    if (console.warn === filtered) console.warn = warn
  }
}

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > 4096) req.destroy(new Error('form too large'))
      else chunks.push(chunk)
    })
    req.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))))
    req.on('error', reject)
  })
}

/**
 * Starts a local OpenID provider (oidc-provider) on 127.0.0.1 with the demo users and a server-rendered login and
 * consent interaction, so that the demo shows a whole OAuth flow without any outside account. The provider object
 * is built on the first request, when the app's callback URLs are known.
 *
 * @example
 * ```ts
 * const idp = await startDemoIdp()
 * createAuth({ providers: [idp.provider] })
 * ```
 */
export async function startDemoIdp(options: { port?: number } = {}): Promise<DemoIdp> {
  const { OidcProvider, adapter } = await loadOidcProvider()
  const clientSecret = randomBytes(24).toString('base64url')
  // Its own signing key, made at start (in the thread pool, not blocking the event loop): without one oidc-provider
  // signs with development keys and warns about it.
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 })
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'demo-idp', use: 'sig' }
  let redirectUris: readonly string[] = []
  let op: Provider | undefined
  let issuer = ''

  function build(): Provider {
    op ??= new OidcProvider(issuer, {
      clients: [
        {
          client_id: 'gatehouse-demo',
          client_name: 'Gatehouse demo',
          client_secret: clientSecret,
          redirect_uris: [...redirectUris],
        },
      ],
      cookies: { keys: [randomBytes(32).toString('base64url')] },
      jwks: { keys: [signingKey] },
      adapter,
      findAccount: (_ctx: unknown, sub: string) => {
        const user = demoIdpUsers.find((u) => u.sub === sub)
        return user && { accountId: sub, claims: () => ({ ...user, email_verified: true }) }
      },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      features: { devInteractions: { enabled: false } },
      interactions: {
        url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
      },
      ttl: {
        Interaction: 600,
        Session: 3600,
        Grant: 3600,
        AccessToken: 600,
        IdToken: 600,
        AuthorizationCode: 60,
      },
      renderError: (ctx: { body: string }, out: { error?: string }) => {
        ctx.body = `Demo IdP error: ${String(out.error ?? 'unknown').replace(/[^\w .-]/g, '')}`
      },
    })
    return op
  }

  async function interaction(provider: Provider, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res)
    const action = (req.url ?? '').split('?')[0]!.split('/')[3]
    if (req.method === 'GET') {
      if (details.prompt.name === 'login') return sendLoginPage(res, details.uid, demoIdpUsers)
      const missing = (details.prompt.details['missingOIDCScope'] as string[] | undefined) ?? ['openid']
      return sendConsentPage(res, details.uid, 'Gatehouse demo', missing)
    }
    const form = await readForm(req)
    if (action === 'login') {
      const sub = form.get('sub') ?? ''
      if (!demoIdpUsers.some((u) => u.sub === sub)) {
        res.writeHead(400).end('Unknown demo user.')
        return
      }
      return provider.interactionFinished(
        req,
        res,
        { login: { accountId: sub } },
        { mergeWithLastSubmission: false },
      )
    }
    if (action === 'abort') {
      const result = { error: 'access_denied', error_description: 'The user declined.' }
      return provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false })
    }
    const accountId = details.session?.accountId ?? ''
    const clientId = String(details.params['client_id'])
    const grant = details.grantId
      ? ((await provider.Grant.find(details.grantId)) ?? new provider.Grant({ accountId, clientId }))
      : new provider.Grant({ accountId, clientId })
    const scopes = (details.prompt.details['missingOIDCScope'] as string[] | undefined) ?? []
    if (scopes.length > 0) grant.addOIDCScope(scopes.join(' '))
    const claims = (details.prompt.details['missingOIDCClaims'] as string[] | undefined) ?? []
    if (claims.length > 0) grant.addOIDCClaims(claims)
    const grantId = await grant.save()
    return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true })
  }

  const server = createServer((req, res) => {
    const provider = build()
    if (!(req.url ?? '').startsWith('/interaction/')) {
      provider.callback()(req, res)
      return
    }
    interaction(provider, req, res).catch((error: unknown) => {
      console.error('Demo IdP: an interaction failed', error)
      if (!res.headersSent)
        res.writeHead(500).end('The Demo IdP could not continue; start the sign-in again.')
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    issuer,
    provider: {
      id: PROVIDER_ID,
      name: 'Demo IdP',
      type: 'oidc',
      issuer,
      clientId: 'gatehouse-demo',
      clientSecret,
      checks: ['pkce', 'state', 'nonce'],
      style: { bg: '#4338ca', text: '#fff' },
    },
    setRedirectUris(uris) {
      if (op) throw new Error('The Demo IdP already started; set its redirect URIs before the first sign-in.')
      redirectUris = uris
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}
