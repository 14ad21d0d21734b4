import { CredentialsSignin } from 'gatehouse-auth/next'
import { redirect } from 'next/navigation'
import { auth, exampleAccounts, signIn, signOut } from '../auth'

export const dynamic = 'force-dynamic'

export default async function Home({ searchParams }: { searchParams: Promise<{ error?: string }> }) {
  const session = await auth() // a server component: the session, or null
  const { error } = await searchParams
  return (
    <main>
      <h1>Gatehouse on Next.js</h1>
      <section className="card">
        <p id="who">{session ? `Signed in as ${session.user?.name}` : 'Not signed in'}</p>
        {session ? (
          <form
            action={async () => {
              'use server'
              await signOut({ redirectTo: '/' })
            }}
          >
            <button className="primary" type="submit">
              Sign out
            </button>
          </form>
        ) : (
          <form
            className="stack"
            action={async (form: FormData) => {
              'use server'
              try {
                await signIn('credentials', form)
              } catch (e) {
                // signIn redirects by throwing; only a refused sign-in is handled here.
                if (e instanceof CredentialsSignin) redirect(`/?error=${e.code}`)
                throw e
              }
            }}
          >
            <input type="hidden" name="redirectTo" value="/dashboard" />
            <label>
              Email <input name="email" type="email" autoComplete="username" />
            </label>
            <label>
              Password <input name="password" type="password" autoComplete="current-password" />
            </label>
            <div>
              <button className="primary" type="submit">
                Sign in (server action)
              </button>
            </div>
            {error ? (
              <p className="alert" role="alert">
                Sign-in failed ({error})
              </p>
            ) : null}
          </form>
        )}
      </section>
      <p>
        Or use the <a href="/api/auth/signin">built-in sign-in page</a> (credentials and the Demo IdP).
      </p>
      <p className="muted">
        Demo accounts: {exampleAccounts.map((a) => `${a.email} / ${a.password}`).join(', ')}
      </p>
    </main>
  )
}
