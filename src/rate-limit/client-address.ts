/**
 * The address of the client behind a web `Request`, which the Fetch API does not carry: an integration that knows
 * the connection (`gatehouse-auth/node`) registers it here, keyed by the `Request` object, without a header a client
 * could forge.
 *
 * @module
 */

const addresses = new WeakMap<Request, string>()

/** Records the connection's address of `request` (called by integrations as they build the `Request`). */
export function setConnectionAddress(request: Request, address: string | undefined): void {
  if (typeof address === 'string' && address !== '') addresses.set(request, address)
}

/** The connection's address an integration registered for `request`, if any. */
export function connectionAddress(request: Request): string | undefined {
  return addresses.get(request)
}

/** The last entry of `X-Forwarded-For`: the address the nearest proxy (yours) saw, as it appends it. */
export function lastForwardedFor(request: Request): string | undefined {
  const header = request.headers.get('x-forwarded-for')
  if (header === null) return undefined
  const last = header.split(',').at(-1)?.trim()
  return last === undefined || last === '' ? undefined : last
}
