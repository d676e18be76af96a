import { readFileSync } from 'node:fs'
import type { Scenario } from '../../mock/index.ts'

/**
 * The scenarios of a `--scenarios` file: a JSON object of named scenarios. Only the shape is
 * checked here; the mock checks each scenario's fixtures when it starts.
 */
export function readScenariosFile(path: string): Record<string, Scenario> {
  const document: unknown = JSON.parse(readFileSync(path, 'utf8'))
  if (!isObject(document)) throw new Error('expected a JSON object of named scenarios')
  for (const [name, scenario] of Object.entries(document)) {
    if (!isObject(scenario)) throw new Error(`scenario '${name}' must be an object`)
    const { seed, counts, fixtures, description } = scenario
    if (seed !== undefined && !Number.isInteger(seed)) {
      throw new Error(`scenario '${name}': seed must be a whole number`)
    }
    if (counts !== undefined && !isObject(counts))
      throw new Error(`scenario '${name}': counts must be an object`)
    if (fixtures !== undefined && !isObject(fixtures)) {
      throw new Error(`scenario '${name}': fixtures must be an object in the /__mock/state shape`)
    }
    if (description !== undefined && typeof description !== 'string') {
      throw new Error(`scenario '${name}': description must be text`)
    }
  }
  return document as Record<string, Scenario>
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
