import type { SvelteKitAuthLocals } from 'gatehouse-auth/sveltekit'

declare global {
  namespace App {
    // `locals.auth()`, set by the handle hook of gatehouse-auth/sveltekit.
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface Locals extends SvelteKitAuthLocals {}
  }
}

export {}
