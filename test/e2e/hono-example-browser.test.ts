/** Chromium against examples/hono (`npm run example:hono`), started inside the suite on a free port. */
import { startHonoExample } from '../../examples/hono/start-example.js'
import { exampleBrowserSuite } from '../support/example-browser-suite.js'

exampleBrowserSuite('examples/hono', () => startHonoExample({ port: 0, host: 'localhost' }))
