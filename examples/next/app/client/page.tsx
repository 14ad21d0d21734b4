'use client'
import { signIn, signOut, useSession } from 'gatehouse-auth/react'
import { useState } from 'react'

/** A client component: useSession, update, and the client signIn / signOut. */
export default function ClientPage() {
  const { data: session, status, update } = useSession()
  const [message, setMessage] = useState('')
  return (
    <main>
      <h1>Client</h1>
      <p id="status">{status}</p>
      <p id="name">{session?.user?.name ?? ''}</p>
      <div className="actions">
        <button onClick={() => void update({ name: `${session?.user?.name ?? ''}!` })}>
          Add ! to my name
        </button>
        <button
          onClick={() =>
            void signIn('credentials', {
              email: 'bob@example.com',
              password: 'can-we-fix-it-7',
              redirect: false,
            }).then((result) => setMessage(result.error ? `error: ${result.code}` : 'signed in'))
          }
        >
          Sign in as Bob (client)
        </button>
        <button onClick={() => void signOut({ redirect: false })}>Sign out (client)</button>
      </div>
      <p id="message">{message}</p>
    </main>
  )
}
