import { createServer, connect, type Server, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'

/** A TCP forwarder on loopback whose `stop()` makes the database vanish mid-flight and `start()` bring it back. */
export class TcpProxy {
  #server: Server | undefined
  readonly #sockets = new Set<Socket>()
  port = 0

  constructor(
    readonly targetHost: string,
    readonly targetPort: number,
  ) {}

  async start(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.targetPort, this.targetHost)
      for (const s of [client, upstream]) {
        this.#sockets.add(s)
        s.on('close', () => this.#sockets.delete(s))
        s.on('error', () => s.destroy())
      }
      client.pipe(upstream).pipe(client)
    })
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve))
    this.port = (server.address() as AddressInfo).port
    this.#server = server
  }

  /** Whether the proxy accepts connections (between `start()` and `stop()`). */
  get listening(): boolean {
    return this.#server !== undefined
  }

  /** Refuses new connections and destroys the open ones, so queries in flight lose their connection at once. */
  async stop(): Promise<void> {
    for (const s of this.#sockets) s.destroy()
    const server = this.#server
    this.#server = undefined
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}
