import { memorySuite } from './adapter-suites.js'
memorySuite()
