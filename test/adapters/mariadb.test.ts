import { mariadbSuite } from './adapter-suites.js'
await mariadbSuite()
