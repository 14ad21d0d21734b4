/**
 * The configurations the fuzzer runs against, buildable both in the test process and in the raw-HTTP child
 * server: JWT sessions with credentials (and the `redirect` callback as the Auth.js documentation writes it),
 * database sessions on a real SQLite file (with a passkey provider), and an OpenID provider whose issuer is a loopback port with nothing
 * listening.
 */
import Database from 'better-sqlite3'
import { SQLiteAdapter, migrate } from '../../src/adapters/sqlite.js'
import Credentials from '../../src/providers/credentials.js'
import Passkey from '../../src/providers/passkey.js'
import type { OAuthConfig } from '../../src/providers/provider-types.js'
import type { AuthConfig, LoggerInstance } from '../../src/types.js'

export const FUZZ_SECRET = 'gatehouse-fuzz-secret-0123456789abcdef-0123'
export const OTHER_SECRET = 'another-deployment-secret-fedcba9876543210'

/** The configuration names; each is one kind of deployment. */
export type FuzzConfigName = 'jwt-credentials' | 'database-sqlite' | 'oidc-unreachable'
export const fuzzConfigNames: readonly FuzzConfigName[] = [
  'jwt-credentials',
  'database-sqlite',
  'oidc-unreachable',
]

/** The provider of `oidc-unreachable` whose discovery can never succeed. */
export const DOWN_PROVIDER = 'down'

/** The provider ids a configuration has. */
export function providerIdsOf(name: FuzzConfigName): readonly string[] {
  if (name === 'oidc-unreachable') return [DOWN_PROVIDER]
  return name === 'database-sqlite' ? ['credentials', 'passkey'] : ['credentials']
}

/** Errors are counted, not printed: the fuzzer makes thousands of bad requests on purpose. */
export function quietLogger(): LoggerInstance & { errors: number } {
  const logger = {
    errors: 0,
    error: () => void logger.errors++,
    warn: () => {},
    debug: () => {},
  }
  return logger
}

/** The `redirect` callback exactly as the Auth.js documentation writes it (finding 3 of issue #14 lived here). */
function documentedRedirect({ url, baseUrl }: { url: string; baseUrl: string }): string {
  if (url.startsWith('/')) return `${baseUrl}${url}`
  if (new URL(url).origin === baseUrl) return url
  return baseUrl
}

/** Fields of the credentials form; alice / wonderland signs in. */
const credentialsFields = {
  username: { label: 'Username' },
  password: { label: 'Password', type: 'password' },
}

/** A built configuration and what must be closed afterwards. */
export interface BuiltConfig {
  readonly name: FuzzConfigName
  readonly config: AuthConfig
  /** The id the credentials provider's user has (the adapter user's id with a database). */
  readonly userId: string
  close(): void
}

/**
 * Builds one configuration. `closedPort` is a loopback port with nothing listening; `sqlitePath` a scratch file
 * (created and migrated here).
 */
export async function buildConfig(
  name: FuzzConfigName,
  options: { closedPort: number; sqlitePath: string },
): Promise<BuiltConfig> {
  const base = { secret: FUZZ_SECRET, trustHost: true, logger: quietLogger() }
  if (name === 'jwt-credentials') {
    const config: AuthConfig = {
      ...base,
      providers: [
        Credentials({
          credentials: credentialsFields,
          authorize: (c) =>
            c.username === 'alice' && c.password === 'wonderland'
              ? { id: 'user-1', name: 'Alice', email: 'alice@example.test' }
              : null,
        }),
      ],
      callbacks: { redirect: documentedRedirect },
    }
    return { name, config, userId: 'user-1', close: () => {} }
  }
  if (name === 'database-sqlite') {
    const db = new Database(options.sqlitePath)
    await migrate(db)
    const adapter = SQLiteAdapter(db)
    // The file outlives a restarted server: alice is created once.
    const user =
      (await adapter.getUserByEmail('alice@example.test')) ??
      (await adapter.createUser({ id: '', name: 'Alice', email: 'alice@example.test', emailVerified: null }))
    const config: AuthConfig = {
      ...base,
      adapter,
      session: { strategy: 'database', updateAge: 0 },
      providers: [
        Credentials({
          credentials: credentialsFields,
          authorize: (c) =>
            c.username === 'alice' && c.password === 'wonderland' ? { id: user.id, name: 'Alice' } : null,
        }),
        // The WebAuthn endpoints get the fuzzer's options requests and callback bodies too.
        Passkey(),
      ],
    }
    return { name, config, userId: user.id, close: () => db.close() }
  }
  const down: OAuthConfig = {
    id: DOWN_PROVIDER,
    name: 'Down',
    type: 'oidc',
    issuer: `http://127.0.0.1:${options.closedPort}`,
    clientId: 'fuzz-client',
    clientSecret: 'fuzz-client-secret',
    checks: ['pkce', 'state', 'nonce'],
    timeout: 500,
  }
  const config: AuthConfig = { ...base, providers: [down] }
  return { name, config, userId: 'user-1', close: () => {} }
}
