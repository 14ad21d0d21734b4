import { scryptSync, timingSafeEqual } from 'node:crypto'
import Database from 'better-sqlite3'
import NextAuth, { type NextAuthConfig } from 'gatehouse-auth/next'
import Credentials from 'gatehouse-auth/providers/credentials'
import { SQLiteAdapter } from 'gatehouse-auth/adapters/sqlite'

/** The example's users; their passwords are public on purpose (the home page shows them). */
export const exampleAccounts = [
  { name: 'Alice Liddell', email: 'alice@example.com', password: 'rabbit-hole-42' },
  { name: 'Bob Builder', email: 'bob@example.com', password: 'can-we-fix-it-7' },
]

const salt = 'gatehouse-next-example'
const hashes = new Map(exampleAccounts.map((a) => [a.email, scryptSync(a.password, salt, 32)]))

let config: NextAuthConfig | undefined

/** Built on first use, not at import: `next build` imports this file and must not open the database. */
function exampleConfig(): NextAuthConfig {
  if (config) return config
  // `npm run example:next` migrates the database and passes its path.
  const adapter = SQLiteAdapter(new Database(process.env.EXAMPLE_DATABASE ?? '.data/next-example.sqlite'))
  config = {
    adapter, // database sessions: the cookie holds a random token, SQLite the session row
    providers: [
      Credentials({
        credentials: {
          email: { label: 'Email', type: 'email' },
          password: { label: 'Password', type: 'password' },
        },
        async authorize({ email, password }) {
          if (typeof email !== 'string' || typeof password !== 'string') return null
          const expected = hashes.get(email.trim().toLowerCase())
          const given = scryptSync(password, salt, 32)
          if (!expected || !timingSafeEqual(expected, given)) return null
          const account = exampleAccounts.find((a) => a.email === email.trim().toLowerCase())!
          return (
            (await adapter.getUserByEmail(account.email)) ??
            (await adapter.createUser({
              id: '',
              name: account.name,
              email: account.email,
              emailVerified: null,
            }))
          )
        },
      }),
      // The Demo IdP (a local OpenID provider started by `npm run example:next`); issuer, client id and secret come
      // from AUTH_DEMO_IDP_ISSUER / _ID / _SECRET.
      { id: 'demo-idp', name: 'Demo IdP', type: 'oidc', checks: ['pkce', 'state', 'nonce'] },
    ],
    callbacks: {
      // The proxy protects /dashboard: signed-out visitors go to the sign-in page.
      authorized: ({ auth, request }) => !!auth || !request.nextUrl.pathname.startsWith('/dashboard'),
      // useSession().update({ name }) arrives here with trigger "update" (database sessions have no jwt callback).
      async session({ session, user, trigger, newSession }) {
        const name = (newSession as { name?: unknown } | undefined)?.name
        if (trigger === 'update' && typeof name === 'string' && name.length <= 100) {
          await adapter.updateUser({ id: user.id, name })
          return { ...session, user: { ...session.user, name } }
        }
        return session
      },
    },
  }
  return config
}

export const { handlers, auth, signIn, signOut, unstable_update } = NextAuth(() => exampleConfig())
