import { isEmailProvider } from '../flows/email/is-email-provider.js'
import { passwordFeature, type MinLength, type PasswordRuntime } from '../providers/password-feature.js'
import type { CredentialsConfig, EmailConfig } from '../providers/provider-types.js'
import { customFetch } from '../symbols.js'
import { argon2Hasher, argon2ParametersProblem, type Argon2Parameters } from './argon2-hasher.js'
import type { BreachedPasswordCheckOptions } from './breached-password.js'
import { HashQueue, hashQueueProblem, type HashQueueOptions } from './hash-queue.js'
import { passwordSignIn } from './password-sign-in.js'
import { defaultMinLength, DEFAULT_MAX_LENGTH, NIST_MIN_LENGTH } from './password-rules.js'
import { DEFAULT_THROTTLE, throttleProblem, type PasswordThrottleOptions } from './password-throttle.js'
import { resolvePasswordSender } from './resolve-password-sender.js'

/** Options of {@link Password}. */
export interface PasswordOptions {
  /** Default `password`. */
  id?: string
  /** Default `Password`. */
  name?: string
  /**
   * Sends the verification, reset and "someone tried to sign up" messages: any e-mail provider (`Nodemailer(…)`,
   * `Resend(…)`, …). Default: the first e-mail provider in `providers`.
   */
  sender?: EmailConfig
  /** Whether sign-in waits until the address is verified through the mailed link. Default `true`. */
  requireEmailVerification?: boolean
  /** argon2id parameters. Default OWASP's: `{ memoryCost: 19456, timeCost: 2, parallelism: 1 }`. */
  hashing?: Partial<Argon2Parameters>
  /** How many hashes run at once and how many requests may wait (`{ concurrency: 4, maxWaiting: 64 }`). */
  hashQueue?: HashQueueOptions
  /**
   * The shortest password accepted, or a function of the user (`null` for a new account) giving it: NIST SP
   * 800-63B-4 asks 15 when the password is the only factor and allows 8 with a second one. Never below 8.
   * Default: 15, and 8 for a user who has turned two-factor sign-in on.
   */
  minLength?: MinLength
  /** The longest password accepted, never truncated. At least 64 (NIST). Default 64. */
  maxLength?: number
  /**
   * Refuses passwords known from breaches through the k-anonymity range API (only 5 hex digits of the SHA-1 leave
   * the server); a service that fails never blocks a sign-up. `true` for the defaults. Default off.
   */
  breachedPasswordCheck?: boolean | BreachedPasswordCheckOptions
  /**
   * Checks a stored hash that is not argon2id (bcrypt, scrypt, your own), imported into the passwords table with
   * the adapter's `setPasswordHash`: return `true` when `password` matches. It is asked once; after a success the
   * password is re-hashed with argon2id.
   */
  verifyLegacyPassword?: (hash: string, password: string) => boolean | Promise<boolean>
  /** Thresholds and delays of the per-account and per-client throttling. */
  throttle?: PasswordThrottleOptions
  /** Seconds a verification link stays valid. Default 86 400 (24 hours). */
  verifyEmailMaxAge?: number
  /** Seconds a reset link stays valid. Default 3600 (1 hour). */
  resetPasswordMaxAge?: number
  /** Replaces `fetch` for the breached-password check. */
  [customFetch]?: typeof fetch
}

/** The `Password` provider as configured: a `credentials` provider on the wire. */
export type PasswordConfig = CredentialsConfig & { readonly [passwordFeature]: PasswordRuntime }

function optionsProblem(options: PasswordOptions): string | undefined {
  const min = options.minLength
  if (min !== undefined && typeof min !== 'function' && !(Number.isInteger(min) && min >= NIST_MIN_LENGTH))
    return '`minLength` must be a whole number from 8 (NIST SP 800-63B-4), or a function of the user.'
  const max = options.maxLength
  if (max !== undefined && !(Number.isInteger(max) && max >= DEFAULT_MAX_LENGTH && max <= 1024))
    return '`maxLength` must be a whole number from 64 (NIST SP 800-63B-4) to 1024.'
  if (options.verifyLegacyPassword !== undefined && typeof options.verifyLegacyPassword !== 'function')
    return '`verifyLegacyPassword` must be a function (hash, password) => boolean.'
  for (const key of ['verifyEmailMaxAge', 'resetPasswordMaxAge'] as const) {
    const v = options[key]
    if (v !== undefined && !(Number.isInteger(v) && v >= 60))
      return `\`${key}\` must be whole seconds from 60.`
  }
  const sender = options.sender as Partial<EmailConfig> | undefined
  if (sender !== undefined && !isEmailProvider(sender))
    return '`sender` must be an e-mail provider, such as Nodemailer({ server, from }).'
  return (
    argon2ParametersProblem(options.hashing) ??
    hashQueueProblem(options.hashQueue) ??
    throttleProblem(options.throttle)
  )
}

/**
 * Password accounts (issue #23): sign-up with a verified address, sign-in, reset and change, argon2id hashes in a
 * table of their own, NIST SP 800-63B-4 rules and throttling per account and per client. On the wire it is a
 * `credentials` provider (`signIn('password', { email, password })` works unchanged); Gatehouse checks the
 * password itself, so there is no `authorize`. It needs an adapter with the `passwords` capability and an e-mail
 * provider to send its links.
 *
 * @example
 * ```ts
 * import Password from 'gatehouse-auth/providers/password'
 * import Nodemailer from 'gatehouse-auth/providers/nodemailer'
 *
 * const email = Nodemailer({ server: process.env.EMAIL_SERVER, from: 'Example <no-reply@example.com>' })
 * const providers = [Password({ sender: email })]
 * ```
 */
export default function Password(options: PasswordOptions = {}): PasswordConfig {
  const problem = optionsProblem(options)
  const hasher = argon2Hasher(options.hashing)
  let dummy: Promise<string> | undefined
  const breached = options.breachedPasswordCheck
  const runtime: PasswordRuntime = Object.freeze({
    hasher,
    queue: new HashQueue(options.hashQueue),
    // Made on first need, from random bytes nobody knows: an unknown address then costs one verify too.
    dummyHash: () => (dummy ??= hasher.hash(crypto.randomUUID() + crypto.randomUUID())),
    sender: options.sender,
    requireEmailVerification: options.requireEmailVerification !== false,
    minLength: options.minLength ?? defaultMinLength,
    maxLength: options.maxLength ?? DEFAULT_MAX_LENGTH,
    breachedPasswordCheck:
      breached === true ? {} : breached === undefined || breached === false ? false : breached,
    verifyLegacyPassword: options.verifyLegacyPassword,
    throttle: {
      ...DEFAULT_THROTTLE,
      ...options.throttle,
      perClient: options.throttle?.perClient ?? DEFAULT_THROTTLE.perClient,
    },
    verifyMaxAge: options.verifyEmailMaxAge ?? 86_400,
    resetMaxAge: options.resetPasswordMaxAge ?? 3600,
    fetch: options[customFetch],
    problem,
    // Configuration and the credentials flow call these through the provider, never importing passwords/.
    resolveSender: resolvePasswordSender,
    signIn: passwordSignIn,
  })
  return {
    id: options.id ?? 'password',
    name: options.name ?? 'Password',
    type: 'credentials',
    credentials: {
      email: { label: 'Email', type: 'email', placeholder: 'you@example.com' },
      password: { label: 'Password', type: 'password' },
    },
    // Never called: the credentials flow hands a Password provider's sign-in to Gatehouse's own check.
    authorize: () => null,
    [passwordFeature]: runtime,
  }
}
