import { sqliteSuite } from './adapter-suites.js'
sqliteSuite()
