/** OAuth/OIDC sign-in with an adapter and database sessions, end to end against the real OpenID provider. */
import { describe } from 'vitest'
import { databaseAvailable } from '../support/test-databases.js'
import {
  authPgAdapterOAuthBackend,
  mariadbOAuthBackend,
  memoryOAuthBackend,
  postgresOAuthBackend,
  sqliteOAuthBackend,
} from './flow-backends.js'
import { oauthDatabaseScenarios } from './oauth-database-scenarios.js'

oauthDatabaseScenarios(memoryOAuthBackend)
oauthDatabaseScenarios(sqliteOAuthBackend)

const postgres = await databaseAvailable('postgres')
describe.skipIf(!postgres)('postgres', () => {
  oauthDatabaseScenarios(postgresOAuthBackend)
  oauthDatabaseScenarios(authPgAdapterOAuthBackend)
})

const mariadb = await databaseAvailable('mariadb')
describe.skipIf(!mariadb)('mariadb', () => {
  oauthDatabaseScenarios(mariadbOAuthBackend)
})
