import { auth, signOut } from '../../auth'

export const dynamic = 'force-dynamic'

/** Protected by proxy.ts and `authorized`; here, a server component reads the session with `auth()`. */
export default async function Dashboard() {
  const session = await auth()
  return (
    <main>
      <h1>Dashboard</h1>
      <section className="card">
        <p>
          Signed in as <strong id="user">{session?.user?.email}</strong>
        </p>
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
      </section>
      <section className="card">
        <h2>The session, as auth() returns it</h2>
        <pre>{JSON.stringify(session, null, 2)}</pre>
      </section>
    </main>
  )
}
