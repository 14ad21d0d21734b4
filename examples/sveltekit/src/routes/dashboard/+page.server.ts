import { redirect } from '@sveltejs/kit'
import type { PageServerLoad } from './$types'

/** The protected page: signed-out visitors go to the sign-in page, and come back here after. */
export const load: PageServerLoad = async ({ locals, url }) => {
  const session = await locals.auth()
  if (!session) redirect(303, `/auth/signin?${new URLSearchParams({ callbackUrl: url.pathname })}`)
  return { session }
}
