import { jwtStrategy, sessionStrategySuite } from '../support/session-strategy-suite.js'
sessionStrategySuite(jwtStrategy)
