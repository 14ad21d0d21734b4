/** A provider as `GET {basePath}/providers` describes it. */
export interface ClientSafeProvider {
  id: string
  name: string
  type: string
  signinUrl: string
  callbackUrl: string
  redirectTo?: string
}

/** Options of `signIn`: where to go after, whether to navigate, and the form fields (credentials). */
export interface SignInOptions<Redirect extends boolean = true> extends Record<string, unknown> {
  /** @deprecated Use `redirectTo`. */
  callbackUrl?: string
  /** Where to go after signing in; default the current page. */
  redirectTo?: string
  /** `false` returns a {@link SignInResponse} instead of navigating (credentials, e-mail). */
  redirect?: Redirect
}

/** What `signIn(…, { redirect: false })` resolves to. */
export interface SignInResponse {
  error: string | undefined
  code: string | undefined
  status: number
  ok: boolean
  url: string | null
}

/** Extra parameters for the provider's authorization request. */
export type SignInAuthorizationParams = string | string[][] | Record<string, string> | URLSearchParams

/** Options of `signOut`. */
export interface SignOutParams<Redirect extends boolean = true> {
  /** @deprecated Use `redirectTo`. */
  callbackUrl?: string
  redirectTo?: string
  redirect?: Redirect
}

/** What `signOut({ redirect: false })` resolves to. */
export interface SignOutResponse {
  url: string
}

/** Options of `getSession`. */
export interface GetSessionParams {
  /** What prompted the call (`storage`, `timer`, `hidden`, …); informational. */
  event?: string
  triggerEvent?: boolean
  /** Tell the other tabs (default `true`). */
  broadcast?: boolean
}

/**
 * Signs in with a provider whose type needs browser work of its own (a passkey ceremony): registered by the
 * package for that type, e.g. the WebAuthn client, and called by `signIn` with the provider it found.
 */
export type ProviderSignIn = (
  provider: ClientSafeProvider,
  options: SignInOptions<boolean>,
  authorizationParams: SignInAuthorizationParams | undefined,
) => Promise<SignInResponse | undefined>
