/**
 * The process environment where the runtime has one (Node, Bun, Deno, Next.js on the Edge runtime), else an empty
 * one: a Cloudflare Worker passes its bindings as `createAuth(config, { env })`. Read through `globalThis`, since
 * the core must load where `process` does not exist.
 */
export function processEnv(): Record<string, string | undefined> {
  const process = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process
  return process?.env ?? {}
}
