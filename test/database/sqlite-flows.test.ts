import { sqliteBackend } from './flow-backends.js'
import { databaseSessionFlows } from './session-flow-scenarios.js'

databaseSessionFlows(sqliteBackend)
