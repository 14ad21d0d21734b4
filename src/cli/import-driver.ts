/** The database drivers Gatehouse can use; each is an optional peer dependency, installed by the application. */
export type DriverName = 'pg' | 'mysql2' | 'better-sqlite3'

/**
 * Loads a database driver on demand, turning "module not found" into an error that names the package to install
 * (the drivers are optional peer dependencies: an application installs only the one it uses). Any other failure,
 * such as a native module built for another Node, is passed on as it is.
 *
 * @example
 * ```ts
 * const { default: pg } = await importDriver('pg', () => import('pg'))
 * ```
 */
export async function importDriver<T>(name: DriverName, load: () => Promise<T>): Promise<T> {
  try {
    return await load()
  } catch (error) {
    const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
    const missing =
      (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') &&
      typeof message === 'string' &&
      message.includes(`'${name}'`)
    if (!missing) throw error
    throw new Error(`this database needs the "${name}" driver, which is not installed: npm install ${name}`, {
      cause: error,
    })
  }
}
