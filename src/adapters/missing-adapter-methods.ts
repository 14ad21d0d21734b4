import type { Adapter, AdapterMethod } from './adapter.js'

/** A feature of the configuration that needs adapter methods. */
export type AdapterFeature = 'database-sessions' | 'accounts' | 'email' | 'webauthn'

// Method sets per feature, as Auth.js checks them (wire-contract §2 "Required method sets"), split so that a
// JWT-only application with OAuth needs only the user and account methods.
const needs: Readonly<Record<AdapterFeature, readonly AdapterMethod[]>> = {
  'database-sessions': ['getUser', 'createSession', 'getSessionAndUser', 'updateSession', 'deleteSession'],
  accounts: ['createUser', 'getUser', 'getUserByEmail', 'getUserByAccount', 'updateUser', 'linkAccount'],
  email: ['createVerificationToken', 'useVerificationToken', 'getUserByEmail'],
  webauthn: [
    'createUser',
    'getUser',
    'linkAccount',
    'getAccount',
    'getAuthenticator',
    'createAuthenticator',
    'listAuthenticatorsByUserId',
    'updateAuthenticatorCounter',
  ],
}

/** The methods `features` need that `adapter` lacks, each once, in a stable order. */
export function missingAdapterMethods(adapter: Adapter, features: Iterable<AdapterFeature>): AdapterMethod[] {
  const missing = new Set<AdapterMethod>()
  for (const feature of features) {
    for (const method of needs[feature]) {
      if (typeof (adapter as Record<string, unknown>)[method] !== 'function') missing.add(method)
    }
  }
  return [...missing]
}
