import { describe } from 'vitest'
import { mariadbBackend, memoryBackend, postgresBackend, sqliteBackend } from '../database/flow-backends.js'
import { databaseAvailable } from '../support/test-databases.js'
import { passkeyFlows } from './passkey-flows.js'

for (const strategy of ['jwt', 'database'] as const) {
  passkeyFlows(memoryBackend, strategy)
  passkeyFlows(sqliteBackend, strategy)
}

const postgres = await databaseAvailable('postgres')
describe.skipIf(!postgres)('postgres', () => {
  passkeyFlows(postgresBackend, 'jwt')
  passkeyFlows(postgresBackend, 'database')
})

const mariadb = await databaseAvailable('mariadb')
describe.skipIf(!mariadb)('mariadb', () => {
  passkeyFlows(mariadbBackend, 'database')
})
