/**
 * An environment variable read when the code runs. Next.js replaces `process.env.NAME` in middleware and proxy
 * bundles with its value at build time; reading through a variable keeps the value of the running server.
 */
export function runtimeEnv(name: string): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env
  return env?.[name]
}
