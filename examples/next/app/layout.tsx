import type { ReactNode } from 'react'
// The examples' one shared style sheet (a global style sheet, bundled by Next.js: nothing is fetched from elsewhere).
import '../../shared/example.css'
import { Providers } from './providers'

export const metadata = { title: 'Gatehouse on Next.js' }

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <header>
          <a className="brand" href="/">
            Gatehouse on Next.js
          </a>
          <nav>
            <a href="/">Home</a> <a href="/dashboard">Dashboard (protected)</a> <a href="/client">Client</a>
          </nav>
        </header>
        <Providers>{children}</Providers>
      </body>
    </html>
  )
}
