/**
 * The precise, internal reason of an error, for logs and metrics (`err.reason`): never shown to the browser, and not
 * to be confused with `CredentialsSignin#code`, the value an application chooses for the sign-in page's URL. A
 * literal union, so `switch (err.reason)` narrows and a misspelled reason fails to compile.
 *
 * @module
 */

/** The steps of an OAuth/OIDC callback, each of which can fail on its own. */
export type OAuthStep = 'discovery' | 'authorization_response' | 'token' | 'id_token' | 'userinfo'

/** The check cookies of a sign-in (wire-contract §1.7). */
export type CheckCookie = 'pkce' | 'state' | 'nonce' | 'webauthn_challenge'

/** Why an outbound request to a provider failed before any protocol answer. */
export type TransportFailure =
  'insecure_endpoint' | 'provider_response_too_large' | 'provider_timeout' | 'provider_unreachable'

/** Why a call of `gatehouse-auth/passkeys` refused (`PasskeyManagementError#reason`). */
export type PasskeyManagementReason =
  /** No passkey with this credential id belongs to this user (another user's passkey is reported the same way). */
  | 'not_found'
  /** The adapter lacks the method the call needs (`updateAuthenticator`, `deleteAuthenticator`). */
  | 'not_supported'
  /** A name that is empty, longer than 100 characters, or holds control characters. */
  | 'invalid_name'
  /** Deleting this passkey would leave the user no way to sign in; pass `{ allowLastMethod: true }` to insist. */
  | 'last_sign_in_method'

/** Why a refresh of provider tokens failed (`TokenRefreshError#reason`). */
export type TokenRefreshReason =
  /** The tokens have no `refresh_token`. */
  | 'no_refresh_token'
  /** The token request failed before the provider answered with an OAuth error (network, an invalid answer). */
  | 'refresh_failed'
  /** The refreshed ID token names another subject; the tokens were discarded. */
  | 'id_token_subject_mismatch'
  /** The kept `id_token` cannot be read, so its subject cannot be compared. */
  | 'id_token_unreadable'
  /** The provider refused with this OAuth `error` (RFC 6749 §5.2), e.g. `provider_error:invalid_grant`. */
  | `provider_error:${string}`

/** Every internal reason an error can carry. */
export type ErrorReason =
  | TransportFailure
  | PasskeyManagementReason
  | TokenRefreshReason
  | 'account_linked_to_other_user'
  | 'authorization_request_failed'
  | 'authorize_returned_null'
  /** A password sign-in refused: wrong password, unknown address, or nothing typed (one reason for all). */
  | 'password_refused'
  /** A password reset or verification link that is used, expired, unknown or of another address. */
  | 'password_token_invalid'
  | 'authorize_threw'
  | 'authorized_redirect_loop'
  | 'callback_method'
  | 'credentials_user_not_in_adapter'
  | 'cross_site_request'
  | 'csrf_cookie_missing'
  | 'csrf_token_mismatch'
  | 'email_address_invalid'
  | 'email_belongs_to_other_user'
  | 'email_limit_store_failed'
  | 'email_send_failed'
  | 'email_token_generator_failed'
  | 'id_token_invalid'
  | 'invalid_configuration'
  | 'iss_mismatch'
  | 'missing_secret'
  | 'no_options'
  | 'nonce_mismatch'
  | 'pending_sign_in_invalid'
  | 'pending_sign_in_missing'
  | 'pending_sign_in_other_gate'
  | 'pending_sign_in_used'
  | 'profile_threw'
  | 'profile_without_id'
  | 'provider_invalid'
  | 'provider_kind_unavailable'
  | 'provider_kind_unknown'
  | 'proxy_origin_not_allowed'
  | 'redirect_callback_answer'
  | 'redirect_callback_threw'
  | 'session_lookup_failed'
  | 'two_factor_locked'
  | 'two_factor_not_configured'
  | 'two_factor_setup_missing'
  | 'two_factor_store_failed'
  | 'session_token_invalid'
  | 'signin_callback_refused'
  | 'signin_callback_threw'
  | 'single_use_store_failed'
  | 'state_mismatch'
  | 'state_missing'
  | 'unknown_provider'
  | 'userinfo_missing'
  | 'webauthn_account_missing'
  | 'webauthn_action_invalid'
  | 'webauthn_challenge_replayed'
  | 'webauthn_counter_regressed'
  | 'webauthn_credential_linked_to_other_user'
  | 'webauthn_data_invalid'
  | 'webauthn_register_without_user'
  | 'webauthn_signed_in_user_changed'
  | 'webauthn_unknown_credential'
  | 'webauthn_verification_failed'
  | 'verification_token_expired'
  | 'verification_token_invalid'
  | 'verification_token_missing'
  | `${CheckCookie}_cookie_${'missing' | 'invalid' | 'provider'}`
  | `${OAuthStep}_${'invalid' | 'not_json'}`
  | `${OAuthStep}:${string}`
  | `provider_error:${string}`
  | `adapter_${string}_${'timed_out' | 'failed'}`
