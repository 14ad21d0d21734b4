import type { Adapter, AdapterUser } from '../adapters/adapter.js'
import type { ReportIssue } from '../config/config-issues.js'
import type { ProviderList } from '../config/resolve-providers.js'
import type { ResolvedProvider } from '../config/resolved-provider.js'
import type { FlowIdentity } from '../flows/sign-in-flow.js'
import type { BreachedPasswordCheckOptions } from '../passwords/breached-password.js'
import type { HashQueue } from '../passwords/hash-queue.js'
import type { PasswordHasher } from '../passwords/password-hasher.js'
import type { ResolvedThrottle } from '../passwords/password-throttle.js'
import type { RequestContext } from '../routing/request-context.js'
import type { ResponseInternal } from '../types.js'
import type { CredentialsConfig, EmailConfig } from './provider-types.js'

/**
 * The `Password` provider's marker and what it carries, in a file with no runtime import: configuration and the
 * credentials flow (layers below `passwords/`) recognise the provider here and call the functions it carries, so
 * neither imports `passwords/` at run time (docs/development.md, "No import cycles, and layers by folder").
 */

/**
 * Marks a `credentials` provider as the `Password` provider and carries what its flows need: Gatehouse's own
 * sign-in, sign-up, verification, reset and change replace `authorize`. A symbol, so no option set by hand or by
 * JSON can turn it on.
 */
export const passwordFeature: unique symbol = Symbol.for('gatehouse.password')

/** A minimum length, fixed or per user (8 once a user has a second factor, 15 otherwise; NIST SP 800-63B-4). */
export type MinLength = number | ((user: AdapterUser | null) => number | Promise<number>)

/** What the `Password` provider carries under {@link passwordFeature}: its options resolved, its hasher and queue. */
export interface PasswordRuntime {
  readonly hasher: PasswordHasher
  readonly queue: HashQueue
  /** A hash of a random password, made once, for the dummy verify of an unknown address. */
  readonly dummyHash: () => Promise<string>
  readonly sender: EmailConfig | undefined
  readonly requireEmailVerification: boolean
  readonly minLength: MinLength
  readonly maxLength: number
  readonly breachedPasswordCheck: BreachedPasswordCheckOptions | false
  readonly verifyLegacyPassword: ((hash: string, password: string) => unknown) | undefined
  readonly throttle: ResolvedThrottle
  /** Seconds a verification link stays valid. */
  readonly verifyMaxAge: number
  /** Seconds a reset link stays valid. */
  readonly resetMaxAge: number
  /** The provider's `[customFetch]`, for the breached-password check. */
  readonly fetch: typeof fetch | undefined
  /** What is wrong with the provider's options (reported with the configuration's other problems), if anything. */
  readonly problem: string | undefined
  /**
   * At configuration time (`resolve-config.ts`): checks the Password provider against the rest of the
   * configuration and returns the e-mail sender its messages go through.
   */
  readonly resolveSender: (
    list: ProviderList,
    adapter: Adapter | undefined,
    env: Record<string, string | undefined>,
    report: ReportIssue,
  ) => EmailConfig | undefined
  /** The credentials flow's `finish` for this provider: Gatehouse's own password check replaces `authorize`. */
  readonly signIn: (
    ctx: RequestContext,
    provider: PasswordProvider,
  ) => Promise<FlowIdentity | ResponseInternal>
}

/** A resolved provider that is the `Password` provider. */
export type PasswordProvider = Readonly<CredentialsConfig> & { readonly [passwordFeature]: PasswordRuntime }

/** Whether a provider is the `Password` provider. */
export function isPasswordProvider(provider: ResolvedProvider | undefined): provider is PasswordProvider {
  return (
    provider !== undefined && typeof (provider as Partial<PasswordProvider>)[passwordFeature] === 'object'
  )
}
