import { databaseStrategy, sessionStrategySuite } from '../support/session-strategy-suite.js'
sessionStrategySuite(databaseStrategy)
