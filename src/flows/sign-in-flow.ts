import type { AdapterFeature } from '../adapters/missing-adapter-methods.js'
import type { ConfigIssue } from '../errors.js'
import type { SignInSectionRenderer } from '../pages/sign-in-section.js'
import type { SignInPageProvider } from '../pages/sign-in-page-provider.js'
import type { ProviderConfig } from '../providers/provider-types.js'
import type { RequestContext } from '../routing/request-context.js'
import type { customFetch } from '../symbols.js'
import type { Account, Profile, ResponseInternal, User } from '../types.js'

/** A problem a flow finds in a provider's configuration: what is wrong, what to do, and its Auth.js class. */
export type FlowConfigProblem = Pick<ConfigIssue, 'problem' | 'fix'> &
  Partial<Pick<ConfigIssue, 'type' | 'message'>>

/**
 * A provider of one kind after defaults, `options` and environment are applied (the resolved configuration's
 * `ResolvedProvider`, typed by kind).
 */
export type ResolvedProviderOf<Config extends ProviderConfig> = Readonly<Config> & {
  readonly [customFetch]?: typeof fetch
}

/**
 * What a flow's `finish` established: who signed in, with which account, and what only this flow's own later
 * steps read (`data`: WebAuthn's new authenticator, written once the `signIn` callback allowed the registration).
 */
export interface FlowIdentity<Data = undefined> {
  user: User
  account: Account
  profile?: Profile | undefined
  /** Passed to the `signIn` callback for credentials sign-ins. */
  credentials?: Record<string, unknown> | undefined
  isNewUser?: boolean | undefined
  /**
   * Whether this one step was already more than one factor (a passkey with user verification: something held and
   * something known or been), so a second-factor gate may let it pass.
   */
  multiFactor?: boolean | undefined
  data?: Data | undefined
}

/** The request steps of a provider kind: the endpoints it answers. */
export interface SignInSteps<Config extends ProviderConfig = ProviderConfig, Data = unknown> {
  /** Methods the callback endpoint accepts for this kind. */
  readonly callbackMethods: ReadonlyArray<'GET' | 'POST'>
  /** Whether a callback POST must carry the CSRF token (credentials: yes; OAuth form_post: no, state binds it). */
  readonly callbackNeedsCsrf: boolean
  /** POST /signin/{id}. */
  start(ctx: RequestContext, provider: ResolvedProviderOf<Config>): Promise<ResponseInternal>
  /** GET or POST /callback/{id}: who signed in, or an answer of its own (a redirect, a page). */
  finish(
    ctx: RequestContext,
    provider: ResolvedProviderOf<Config>,
  ): Promise<FlowIdentity<Data> | ResponseInternal>
  /** GET /webauthn-options/{id}, for kinds that have options. */
  options?(ctx: RequestContext, provider: ResolvedProviderOf<Config>): Promise<ResponseInternal>
}

/**
 * One provider kind, typed by its provider configuration (`Config`) and the data its `finish` hands to its own
 * `storeUser` (`Data`): its part of sign-in and everything the rest of Gatehouse needs to know about it. Flows are
 * strategies, not branches: `start` answers POST /signin/{id}, `finish` answers /callback/{id}; the `signIn`
 * callback, account linking, the sign-in gates, the session and the redirect happen once, after `finish`, in
 * `completeSignIn`. Nothing outside a kind's folder tests its `type`: it reads these declarations instead
 * (`test/structure/provider-kind-tests.test.ts` finds a kind test anywhere else).
 */
export interface SignInFlow<
  Config extends ProviderConfig = ProviderConfig,
  Data = unknown,
> extends SignInSteps<Config, Data> {
  /** With an adapter, the features (and so the adapter methods) this kind needs; configuration checks them. */
  readonly adapterFeatures: readonly AdapterFeature[]
  /** Whether a sign-in is resolved to an adapter user with a linked account after `finish` (OAuth, OIDC). */
  readonly linksAccounts: boolean
  /**
   * Whether, with database sessions, the user `finish` returns must be a user of the adapter, looked up by id
   * (credentials: `authorize` names the user; the session row references it).
   */
  readonly sessionUserFromAdapter: boolean
  /**
   * Whether this kind cannot work without an adapter, whatever the session strategy (e-mail: the tokens live
   * there); configuration then reports a missing adapter, naming the methods {@link adapterFeatures} need.
   */
  readonly requiresAdapter?: boolean
  /**
   * After the `signIn` callback allowed a sign-in of a kind that does not link accounts: the adapter user it is,
   * created or updated (e-mail: `emailVerified`, with `events.createUser` / `events.updateUser`).
   */
  storeUser?(ctx: RequestContext, identity: FlowIdentity<Data>): Promise<{ user: User; isNewUser: boolean }>
  /** Its part of the built-in sign-in page. */
  readonly signInSection: SignInSectionRenderer
  /** What the sign-in page needs of a provider beyond id, name, type, URLs and style (credentials: its inputs). */
  signInPageFields?(provider: ResolvedProviderOf<Config>): Partial<SignInPageProvider>
  /**
   * At configuration time, before validation: settings a provider left out, from the environment (OAuth:
   * `AUTH_{ID}_ID`, `_SECRET`, `_ISSUER`). `provider` is Gatehouse's own copy.
   */
  fillFromEnv?(provider: Config, env: Readonly<Record<string, string | undefined>>): void
  /**
   * Whether this kind signs in through the OAuth client (`oauth-client/`): configuration then sets the client up
   * for the provider, checks its endpoints and warns of a renamed preset.
   */
  readonly oauthClient?: boolean
  /**
   * Where a sign-in started outside the built-in page posts (a framework's server action): `callback` for a kind
   * that checks what is posted at once (credentials), `signin` (the default) for one that starts a flow.
   */
  readonly signInAction?: 'signin' | 'callback'
  /** At configuration time: why a provider of this kind cannot work (reported with every other problem), or none. */
  validate?(provider: Config): string | FlowConfigProblem | undefined
}
