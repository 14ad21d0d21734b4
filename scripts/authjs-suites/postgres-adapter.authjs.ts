/**
 * Auth.js's shared adapter suite (`packages/utils/adapter.ts` of the snapshot, WebAuthn methods included) on
 * Gatehouse's PostgreSQL adapter, in a fresh schema of the local server. The raw reads are ours: plain SQL on the
 * tables `@auth/pg-adapter` shares with Gatehouse, as Auth.js's own PostgreSQL test reads them.
 */
import { PostgresAdapter, migrate } from 'gatehouse-auth/adapters/postgres'
import { runBasicTests } from 'authjs-snapshot/adapter'
import { freshPostgres } from '../../test/support/test-databases.js'

const fresh = await freshPostgres()
await migrate(fresh.pool)
type Row = Record<string, unknown>
const one = async (text: string, params: unknown[]): Promise<Row | null> =>
  (await fresh.pool.query<Row>(text, params)).rows[0] ?? null

await runBasicTests({
  adapter: PostgresAdapter(fresh.pool),
  testWebAuthnMethods: true,
  db: {
    disconnect: () => fresh.drop(),
    user: (id) => one('SELECT * FROM users WHERE id = $1', [id]),
    async account({ provider, providerAccountId }) {
      const row = await one('SELECT * FROM accounts WHERE provider = $1 AND "providerAccountId" = $2', [
        provider,
        providerAccountId,
      ])
      // BIGINT reads as a string in `pg`; Auth.js's test maps it back the same way.
      return row && { ...row, expires_at: row.expires_at === null ? null : Number(row.expires_at) }
    },
    session: (sessionToken) => one('SELECT * FROM sessions WHERE "sessionToken" = $1', [sessionToken]),
    verificationToken: ({ identifier, token }) =>
      one('SELECT * FROM verification_token WHERE identifier = $1 AND token = $2', [identifier, token]),
    async authenticator(credentialID) {
      const row = await one('SELECT * FROM authenticators WHERE "credentialID" = $1', [credentialID])
      if (!row) return null
      const { name, ...authenticator } = row
      return { ...authenticator, counter: Number(row.counter), ...(name === null ? {} : { name }) }
    },
  },
})
