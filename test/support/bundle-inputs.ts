/**
 * What an entry point pulls in when bundled, from esbuild's metafile: the files read and the imports left
 * external. With `node`, packages stay external (their names are listed); with `browser`, everything is bundled.
 */
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('../../', import.meta.url))

/** The inputs and external imports of `entry` (a path from the repository root). */
export async function bundleInputs(entry: string, platform: 'browser' | 'node'): Promise<string[]> {
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: root,
    bundle: true,
    write: false,
    metafile: true,
    platform,
    format: 'esm',
    packages: platform === 'node' ? 'external' : 'bundle',
    logLevel: 'silent',
  })
  return [
    ...Object.keys(result.metafile.inputs),
    ...Object.values(result.metafile.outputs).flatMap((o) => o.imports.map((i) => i.path)),
  ]
}
