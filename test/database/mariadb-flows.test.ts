import { describe } from 'vitest'
import { databaseAvailable } from '../support/test-databases.js'
import { mariadbBackend } from './flow-backends.js'
import { databaseSessionFlows } from './session-flow-scenarios.js'

const available = await databaseAvailable('mariadb')
describe.skipIf(!available)('mariadb', () => {
  databaseSessionFlows(mariadbBackend)
})
