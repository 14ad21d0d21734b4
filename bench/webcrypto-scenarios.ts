/**
 * Scenarios (w) and (x): the JWT session check of (a) and (b) through the WebCrypto backend, against the same
 * Gatehouse on the `node:crypto` backend, so that the cost of running on an edge runtime is known. The core is
 * bundled as an edge bundler would (esbuild, `worker` condition: `#crypto` is WebCrypto) and loaded into this
 * process beside the Node build; the ratio is WebCrypto / node:crypto.
 *
 * @module
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import type { Auth as AuthFunction, AuthConfig } from '../src/index.js'
import type CredentialsProvider from '../src/providers/credentials.js'
import { BASE_PATH, MAX_AGE, SECRET, UPDATE_AGE, USER, check } from './create-bench-systems.js'
import type { BenchSystem, BenchSystems, Scenario } from './create-bench-systems.js'
import { agedSessionToken, freshSessionToken, sessionCheck } from './session-scenarios.js'

const root = fileURLToPath(new URL('../', import.meta.url))

/** The core built for an edge runtime, written under node_modules/.cache so its dependencies resolve. */
async function loadEdgeCore(): Promise<{
  Auth: typeof AuthFunction
  Credentials: typeof CredentialsProvider
}> {
  const dir = join(root, 'node_modules', '.cache', 'gatehouse-bench')
  mkdirSync(dir, { recursive: true })
  const outfile = join(dir, 'edge-core.mjs')
  const result = await build({
    stdin: {
      contents: `export { Auth } from './src/index.ts'\nexport { default as Credentials } from './src/providers/credentials.ts'`,
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    conditions: ['gatehouse-source', 'worker'],
    // jose and oauth4webapi are WebCrypto libraries on every runtime: load them as they are.
    packages: 'external',
    metafile: true,
    outfile,
    logLevel: 'silent',
  })
  const inputs = Object.keys(result.metafile.inputs)
  check(
    inputs.some((input) => input.endsWith('web-crypto-backend.ts')) &&
      !inputs.some((input) => input.includes('crypto/node/')),
    'the edge bundle does not use the WebCrypto backend',
  )
  return (await import(pathToFileURL(outfile).href)) as {
    Auth: typeof AuthFunction
    Credentials: typeof CredentialsProvider
  }
}

/** Scenarios (w) and (x); `systems.gatehouse` (the `node:crypto` build) is their anchor. */
export async function webCryptoScenarios(systems: BenchSystems): Promise<Scenario[]> {
  const { Auth, Credentials } = await loadEdgeCore()
  const config: AuthConfig = {
    providers: [Credentials({ credentials: { email: {}, password: {} }, authorize: () => ({ ...USER }) })],
    secret: SECRET,
    trustHost: true,
    basePath: BASE_PATH,
    session: { strategy: 'jwt', maxAge: MAX_AGE, updateAge: UPDATE_AGE },
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
  }
  const edge: BenchSystem = { name: 'Gatehouse (WebCrypto)', handle: (request) => Auth(request, config) }
  const node = systems.gatehouse
  const fresh = await freshSessionToken()
  const aged = await agedSessionToken(2 * UPDATE_AGE)
  const verify = async (token: string, reissued: boolean) => {
    const response = await edge.handle(
      new Request(`http://localhost:3000${BASE_PATH}/session`, {
        headers: { cookie: `authjs.session-token=${token}` },
      }),
    )
    const body = (await response.json()) as { user?: { email?: string } } | null
    check(body?.user?.email === USER.email, `${edge.name}: /session has no user`)
    check(response.headers.getSetCookie().length === (reissued ? 1 : 0), `${edge.name}: wrong re-issue`)
  }
  return [
    {
      title: '(w) GET /session, token < updateAge: WebCrypto vs node:crypto Gatehouse',
      gatehouse: sessionCheck(edge, fresh),
      anchor: sessionCheck(node, fresh),
      verify: () => verify(fresh, false),
    },
    {
      title: '(x) GET /session, token > updateAge: WebCrypto vs node:crypto Gatehouse',
      gatehouse: sessionCheck(edge, aged),
      anchor: sessionCheck(node, aged),
      verify: () => verify(aged, true),
    },
  ]
}
