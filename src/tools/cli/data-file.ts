import type { Scenario } from '../../mock/index.ts'
import { noEntities } from '../../store/index.ts'
import { parseJsonText } from './parse-json-text.ts'
import { readBoundedText } from './read-bounded-text.ts'

/**
 * The most bytes a `--data` file may hold: 64 MiB, the state's own default cap. A larger file
 * would take seconds to parse and bind while the server waits.
 */
export const maxDataFileBytes = 64 * 1024 * 1024

/**
 * A `--data` file as the scenario `data`: no seeded entities, only the file's, each completed
 * from the seed as fixtures are. The mock checks them when it starts. Read asynchronously and
 * only from a regular file up to `maxBytes`; a message names what is wrong with the file, and
 * where it stops being JSON, never what it holds.
 * @example const data = await readDataFile('db.json')
 */
export async function readDataFile(path: string, maxBytes = maxDataFileBytes): Promise<Scenario> {
  const document = parseJsonText(await readBoundedText(path, maxBytes))
  if (typeof document !== 'object' || document === null || Array.isArray(document))
    throw new Error('expected a JSON object in the /__mock/state shape')
  return {
    description: `The entities of ${path}`,
    counts: noEntities,
    fixtures: document,
  }
}
