import { isIP } from 'node:net'
import { DemoConfigError } from './demo-config-error.js'

function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1')
  if (bare === 'localhost' || bare === '::1') return true
  return isIP(bare) === 4 && bare.startsWith('127.')
}

/**
 * The `Host` header values the demo answers: loopback names at its own port. Throws for a listening address that
 * is not loopback, since the demo trusts the `Host` header and is only safe where no one else can reach it.
 *
 * @example
 * ```ts
 * allowedHosts('127.0.0.1', 3000).has('localhost:3000') // true
 * ```
 */
export function allowedHosts(listenHost: string, port: number): ReadonlySet<string> {
  if (!isLoopback(listenHost)) {
    throw new DemoConfigError(
      `Gatehouse demo: it only listens on loopback (localhost, 127.0.0.1, ::1), not on "${listenHost}": it ` +
        'trusts the Host header of requests, which is only safe where nobody else can send them.',
    )
  }
  const names = ['localhost', '127.0.0.1', '[::1]']
  if (listenHost.startsWith('127.')) names.push(listenHost)
  const hosts = names.map((name) => `${name}:${port}`)
  // Browsers leave the default port out of the Host header.
  return new Set(port === 80 ? [...hosts, ...names] : hosts)
}
