/**
 * The address of the client behind a request, which a web `Request` does not carry. Integrations that know the
 * connection pass it to the core as data with the request (`AuthRequest.clientAddress`): `gatehouse-auth/node` the
 * socket's, Express `req.ip` (which follows `trust proxy`), Hono on `@hono/node-server` the socket's, SvelteKit
 * `event.getClientAddress()`. A `Request` built by `toWebRequest` for the application's own code also carries it, as
 * a property, so that a handler the application calls with that request still counts per client.
 *
 * @module
 */

/** Registered, so that two copies of the package (source and build, or a bundler's duplicate) read one property. */
const CLIENT_ADDRESS = Symbol.for('gatehouse-auth.clientAddress')

/** Leaves the connection's address on a `Request` that `toWebRequest` built (never one a client could reach). */
export function attachClientAddress(request: Request, address: string | undefined): void {
  if (typeof address === 'string' && address !== '')
    Object.defineProperty(request, CLIENT_ADDRESS, { value: address })
}

/** The client address the integration passed, else the one `toWebRequest` left on the request, if any. */
export function clientAddressOf(req: {
  readonly request: Request
  readonly clientAddress?: string | undefined
}): string | undefined {
  if (req.clientAddress !== undefined) return req.clientAddress
  const attached = (req.request as { [CLIENT_ADDRESS]?: unknown })[CLIENT_ADDRESS]
  return typeof attached === 'string' ? attached : undefined
}

/** The last entry of `X-Forwarded-For`: the address the nearest proxy (yours) saw, as it appends it. */
export function lastForwardedFor(request: Request): string | undefined {
  const header = request.headers.get('x-forwarded-for')
  if (header === null) return undefined
  const last = header.split(',').at(-1)?.trim()
  return last === undefined || last === '' ? undefined : last
}
