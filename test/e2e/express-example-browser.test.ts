/** Chromium against examples/express (`npm run example:express`), started inside the suite on a free port. */
import { startExpressExample } from '../../examples/express/start-example.js'
import { exampleBrowserSuite } from '../support/example-browser-suite.js'

exampleBrowserSuite('examples/express', () => startExpressExample({ port: 0, host: 'localhost' }))
