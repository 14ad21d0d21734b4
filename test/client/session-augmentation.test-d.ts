import type { useSession } from 'gatehouse-auth/react'
import type {} from 'gatehouse-auth'

declare module 'gatehouse-auth' {
  interface Session {
    role?: 'admin' | 'user'
  }
}

type Data = Exclude<ReturnType<typeof useSession>['data'], null>
export const role: Data['role'] = 'admin'
// @ts-expect-error the augmented field has the augmented type
export const wrong: Data['role'] = 'root'
