import type { Actions, PageServerLoad } from './$types'
import { exampleAccounts, signIn, signOut } from '../auth'

export const load: PageServerLoad = async ({ locals }) => ({
  session: await locals.auth(),
  accounts: exampleAccounts.map(({ email, password }) => ({ email, password })),
})

// <form method="POST" action="?/signIn"> with providerId, redirectTo and the provider's fields.
export const actions: Actions = { signIn, signOut }
