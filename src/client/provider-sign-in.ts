import type { ProviderSignIn } from './client-types.js'

const handlers = new Map<string, ProviderSignIn>()

/**
 * Lets a package take over `signIn` for one provider type (`webauthn`: the passkey ceremony runs in the browser
 * before the callback POST). Returns the function that removes it.
 *
 * @example
 * ```ts
 * registerProviderSignIn('webauthn', async (provider, options) => { … })
 * ```
 */
export function registerProviderSignIn(type: string, handler: ProviderSignIn): () => void {
  handlers.set(type, handler)
  return () => {
    if (handlers.get(type) === handler) handlers.delete(type)
  }
}

/** The handler registered for a provider type, if any. */
export function providerSignInFor(type: string): ProviderSignIn | undefined {
  return handlers.get(type)
}
