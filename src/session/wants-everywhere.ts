import type { RequestContext } from '../routing/request-context.js'

/**
 * Whether a sign-out asks to end every session of the user, not only this browser's: `everywhere=true` in the form
 * or JSON body of `POST /signout` (a Gatehouse addition; Auth.js clients never send it).
 */
export function wantsEverywhere(ctx: RequestContext): boolean {
  const value = ctx.req.body?.['everywhere']
  return value === true || value === 'true'
}
