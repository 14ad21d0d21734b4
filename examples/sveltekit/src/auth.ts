import { scryptSync, timingSafeEqual } from 'node:crypto'
import { SvelteKitAuth } from 'gatehouse-auth/sveltekit'
import Credentials from 'gatehouse-auth/providers/credentials'

/** The example's users; their passwords are public on purpose (the home page shows them). */
export const exampleAccounts = [
  { id: 'alice', name: 'Alice Liddell', email: 'alice@example.com', password: 'rabbit-hole-42' },
  { id: 'bob', name: 'Bob Builder', email: 'bob@example.com', password: 'can-we-fix-it-7' },
]

const salt = 'gatehouse-sveltekit-example'
const hashes = new Map(exampleAccounts.map((a) => [a.email, scryptSync(a.password, salt, 32)]))

/**
 * JWT sessions (no database). `AUTH_SECRET`, `AUTH_URL` and the Demo IdP's `AUTH_DEMO_IDP_ISSUER` / `_ID` /
 * `_SECRET` come from the environment (`npm run example:sveltekit` sets them).
 */
export const { handle, signIn, signOut } = SvelteKitAuth({
  providers: [
    Credentials({
      credentials: {
        email: { label: 'Email', type: 'email' },
        password: { label: 'Password', type: 'password' },
      },
      authorize({ email, password }) {
        if (typeof email !== 'string' || typeof password !== 'string') return null
        const key = email.trim().toLowerCase()
        const expected = hashes.get(key)
        const given = scryptSync(password, salt, 32)
        if (!expected || !timingSafeEqual(expected, given)) return null
        const { id, name } = exampleAccounts.find((a) => a.email === key)!
        return { id, name, email: key }
      },
    }),
    // The Demo IdP: a local OpenID provider started beside the app.
    { id: 'demo-idp', name: 'Demo IdP', type: 'oidc', checks: ['pkce', 'state', 'nonce'] },
  ],
})
