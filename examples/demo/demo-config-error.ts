/**
 * A problem that whoever starts the demo must fix (a missing secret, a bad port); its message says how, so the
 * entry point prints it alone, without a stack trace.
 */
export class DemoConfigError extends Error {
  override readonly name = 'DemoConfigError'
}
