import type { ReactNode } from 'react'
import { Providers } from './providers'

export const metadata = { title: 'Gatehouse on Next.js' }

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 720, margin: '2rem auto' }}>
        <nav>
          <a href="/">Home</a> · <a href="/dashboard">Dashboard (protected)</a> · <a href="/client">Client</a>
        </nav>
        <Providers>{children}</Providers>
      </body>
    </html>
  )
}
