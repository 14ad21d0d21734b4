import { describe } from 'vitest'
import { databaseAvailable } from '../support/test-databases.js'
import { authPgAdapterBackend, postgresBackend } from './flow-backends.js'
import { databaseSessionFlows } from './session-flow-scenarios.js'

const available = await databaseAvailable('postgres')
describe.skipIf(!available)('postgres', () => {
  databaseSessionFlows(postgresBackend)
  databaseSessionFlows(authPgAdapterBackend)
  databaseSessionFlows(authPgAdapterBackend, 'plain')
  databaseSessionFlows(authPgAdapterBackend, 'hashed-accept-plain')
})
