/**
 * What every server process of the HTTP benchmarks is started with: the session JSON the servers without Gatehouse
 * answer with, and the environment of `http-server.mjs` (and the README server) for a port.
 *
 * @module
 */
import { MAX_AGE, SECRET, USER } from './create-bench-systems.js'

/** The session JSON the servers without Gatehouse answer (the shape and size of Gatehouse's own answer). */
export const sessionJson = JSON.stringify({
  user: { name: USER.name, email: USER.email },
  expires: new Date(Date.now() + MAX_AGE * 1000).toISOString(),
})

/** The environment of a server of `http-server.mjs` listening on `port`, on top of this process's own. */
export function serverEnv(port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    AUTH_SECRET: SECRET,
    AUTH_TRUST_HOST: 'true',
    BENCH_SESSION_JSON: sessionJson,
    BENCH_USER_JSON: JSON.stringify(USER),
  }
}
