import { jwtRevocableStrategy, sessionStrategySuite } from '../support/session-strategy-suite.js'
sessionStrategySuite(jwtRevocableStrategy)
