import type { RequestEvent } from '@sveltejs/kit'

/**
 * The client's address as kit's adapter gives it (`event.getClientAddress()`: adapter-node's follows its
 * `ADDRESS_HEADER` / `XFF_DEPTH` settings), or `undefined` where the adapter has none (it throws then).
 */
export function kitClientAddress(event: RequestEvent): string | undefined {
  try {
    const address = event.getClientAddress()
    return typeof address === 'string' && address !== '' ? address : undefined
  } catch {
    return undefined
  }
}
