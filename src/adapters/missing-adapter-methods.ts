import type { Adapter, AdapterMethod } from './adapter.js'

/** A feature of the configuration that needs adapter methods. */
export type AdapterFeature =
  'database-sessions' | 'accounts' | 'email' | 'webauthn' | 'passwords' | 'two-factor'

/**
 * The adapter methods each feature needs: as Auth.js checks them (wire-contract §2 "Required method sets"), split so
 * that a JWT-only application with OAuth needs only the user and account methods.
 */
export const adapterNeeds = Object.freeze({
  'database-sessions': ['getUser', 'createSession', 'getSessionAndUser', 'updateSession', 'deleteSession'],
  accounts: ['createUser', 'getUser', 'getUserByEmail', 'getUserByAccount', 'updateUser', 'linkAccount'],
  // Auth.js checks only the first three, then calls the other two on the first sign-in.
  email: ['createVerificationToken', 'useVerificationToken', 'getUserByEmail', 'createUser', 'updateUser'],
  webauthn: [
    'createUser',
    'getUser',
    'getUserByEmail',
    'linkAccount',
    'getAccount',
    'getAuthenticator',
    'createAuthenticator',
    'listAuthenticatorsByUserId',
    'updateAuthenticatorCounter',
  ],
  // The `Password` provider: users, their hashes, and one-time links (verification, reset) as verification tokens.
  passwords: [
    'createUser',
    'getUser',
    'getUserByEmail',
    'updateUser',
    'getPasswordHash',
    'setPasswordHash',
    'createVerificationToken',
    'useVerificationToken',
  ],
  'two-factor': [
    'getUser',
    'getTwoFactor',
    'setTwoFactor',
    'useTwoFactorStep',
    'useBackupCode',
    'voidTrustedDevices',
  ],
} as const satisfies Record<AdapterFeature, readonly AdapterMethod[]>)

/** The methods `features` need that `adapter` lacks, each once, in a stable order. */
export function missingAdapterMethods(adapter: Adapter, features: Iterable<AdapterFeature>): AdapterMethod[] {
  const missing = new Set<AdapterMethod>()
  for (const feature of features) {
    for (const method of adapterNeeds[feature] as readonly AdapterMethod[]) {
      if (typeof (adapter as Record<string, unknown>)[method] !== 'function') missing.add(method)
    }
  }
  return [...missing]
}
