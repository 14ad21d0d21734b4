/** The demo pages' style sheet, the examples' shared one; inlined and allowed by its hash (no `'unsafe-inline'`). */
export { exampleCss as demoCss } from '../shared/example-assets.js'
