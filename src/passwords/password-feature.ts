import type { AdapterUser } from '../adapters/adapter.js'
import type { ResolvedProvider } from '../config/resolve-providers.js'
import type { CredentialsConfig, EmailConfig } from '../providers/provider-types.js'
import type { RequestContext } from '../routing/request-context.js'
import type { BreachedPasswordCheckOptions } from './breached-password.js'
import type { HashQueue } from './hash-queue.js'
import type { PasswordHasher } from './password-hasher.js'
import type { ResolvedThrottle } from './password-throttle.js'

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
}

/** A resolved provider that is the `Password` provider. */
export type PasswordProvider = Readonly<CredentialsConfig> & { readonly [passwordFeature]: PasswordRuntime }

/** Whether a provider is the `Password` provider. */
export function isPasswordProvider(provider: ResolvedProvider | undefined): provider is PasswordProvider {
  return (
    provider !== undefined && typeof (provider as Partial<PasswordProvider>)[passwordFeature] === 'object'
  )
}

/** The configuration's `Password` provider, if it has one (the first). */
export function passwordProviderOf(ctx: RequestContext): PasswordProvider | undefined {
  for (const provider of ctx.config.providers) if (isPasswordProvider(provider)) return provider
  return undefined
}

/** The minimum length for `user` (or a new account: `null`). */
export async function minLengthFor(runtime: PasswordRuntime, user: AdapterUser | null): Promise<number> {
  const value = typeof runtime.minLength === 'function' ? await runtime.minLength(user) : runtime.minLength
  // A hook that answers nonsense gets the single-factor minimum, never a weaker one.
  return Number.isInteger(value) && value >= 8 ? value : 15
}
