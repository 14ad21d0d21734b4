import { auth } from '../../auth'

export const dynamic = 'force-dynamic'

/** Protected by proxy.ts and `authorized`; here, a server component reads the session with `auth()`. */
export default async function Dashboard() {
  const session = await auth()
  return (
    <main>
      <h1>Dashboard</h1>
      <p id="user">{session?.user?.email}</p>
      <pre>{JSON.stringify(session, null, 2)}</pre>
    </main>
  )
}
