import { postgresSuite } from './adapter-suites.js'
await postgresSuite()
