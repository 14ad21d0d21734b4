/** The part of Auth.js's shared adapter suite the driver calls, read from the snapshot at run time. */
declare module 'authjs-snapshot/adapter' {
  import type { Adapter } from 'gatehouse-auth'
  type Row = Record<string, unknown> | null
  export function runBasicTests(options: {
    adapter: Adapter
    testWebAuthnMethods?: boolean
    db: {
      disconnect?: () => Promise<unknown>
      user: (id: string) => Promise<Row>
      account: (id: { provider: string; providerAccountId: string }) => Promise<Row>
      session: (sessionToken: string) => Promise<Row>
      verificationToken: (params: { identifier: string; token: string }) => Promise<Row>
      authenticator?: (credentialID: string) => Promise<Row>
    }
  }): Promise<void>
}
