import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'

const examplesDir = fileURLToPath(new URL('../../examples/', import.meta.url))

/**
 * Builds one Vite example with its own config file through Vite's JS API (no network, no
 * install) and returns the folder it wrote: `examples/<name>/dist`.
 * @example const dist = await buildExample('browser')
 */
export async function buildExample(name: string): Promise<string> {
  const root = join(examplesDir, name)
  await build({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn' })
  return join(root, 'dist')
}
