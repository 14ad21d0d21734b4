import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { DemoConfigError } from './demo-config-error.js'

/** What {@link loadSecret} reads. */
export interface LoadSecretOptions {
  env: Readonly<Record<string, string | undefined>>
  /** Where a generated development secret is kept. */
  dataDir: string
  log: (line: string) => void
}

const SECRET_FILE = 'auth-secret'
// 32 random bytes in base64url: the same as `npx gatehouse-auth secret`.
const MIN_SECRET_LENGTH = 32

const productionMessage =
  'Gatehouse demo: refusing to start because NODE_ENV is "production" and AUTH_SECRET is not set. The secret ' +
  'encrypts every session cookie, so in production it has to be one you chose and keep safe, not one the demo ' +
  'makes up and leaves in a file beside the code. Generate one with `npx gatehouse-auth secret`, then start again with ' +
  'AUTH_SECRET=<that value> in the environment.'

function isMissing(error: unknown, code: 'ENOENT' | 'EEXIST'): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code
}

/**
 * The secret for the demo: `AUTH_SECRET` when set; in production nothing else (throws {@link DemoConfigError});
 * in development one generated on the first start and kept in `<dataDir>/auth-secret`, so sessions survive a
 * restart.
 *
 * @example
 * ```ts
 * const secret = await loadSecret({ env: process.env, dataDir: '.data', log: console.log })
 * ```
 */
export async function loadSecret(options: LoadSecretOptions): Promise<string> {
  const fromEnv = options.env.AUTH_SECRET?.trim()
  if (fromEnv) return fromEnv
  if (options.env.NODE_ENV === 'production') throw new DemoConfigError(productionMessage)

  const file = join(options.dataDir, SECRET_FILE)
  // Only the user who runs the demo may read the secret: anyone who can read it can forge sessions.
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 })
  const generated = randomBytes(32).toString('base64url')
  try {
    // 'wx' fails if the file exists, so two demos starting at once cannot overwrite each other's secret.
    await writeFile(file, `${generated}\n`, { mode: 0o600, flag: 'wx' })
    options.log(
      `No AUTH_SECRET set: generated a development secret and saved it in ${file}; it will be reused on the ` +
        'next start. Set AUTH_SECRET to use your own.',
    )
    return generated
  } catch (error) {
    if (!isMissing(error, 'EEXIST')) throw error
  }
  const saved = (await readFile(file, 'utf8')).trim()
  if (saved.length < MIN_SECRET_LENGTH) {
    throw new DemoConfigError(
      `Gatehouse demo: ${file} does not hold a usable secret (at least ${MIN_SECRET_LENGTH} characters). ` +
        'Delete it to have a new one generated, or set AUTH_SECRET.',
    )
  }
  options.log(`No AUTH_SECRET set: reusing the development secret saved in ${file}.`)
  return saved
}
