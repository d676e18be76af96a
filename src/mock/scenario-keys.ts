import { defaultCounts } from '../store/index.ts'
import type { Scenario } from './scenario.ts'

/** Every member a scenario may have: a member added to `Scenario` must be added here too. */
const scenarioMembers: { readonly [K in keyof Required<Scenario>]: true } = {
  description: true,
  seed: true,
  counts: true,
  fixtures: true,
  latency: true,
  faults: true,
}

const countMembers = Object.keys(defaultCounts)

/**
 * What is wrong with a scenario's own shape, or null: the keys it does not know, each as a path
 * from the scenario's name (`typo.cuonts`, `typo.counts.coments`), and counts that are not
 * whole numbers. A misspelt key would otherwise be ignored, and the scenario quietly be another.
 */
export function scenarioShapeProblem(name: string, scenario: unknown): string | null {
  if (typeof scenario !== 'object' || scenario === null || Array.isArray(scenario)) {
    return 'must be an object'
  }
  const known = Object.keys(scenarioMembers)
  const unknown = Object.keys(scenario)
    .filter((key) => !Object.hasOwn(scenarioMembers, key))
    .map((key) => `${name}.${key}`)
  const { counts } = scenario as { counts?: unknown }
  const countsIsObject = typeof counts === 'object' && counts !== null && !Array.isArray(counts)
  if (counts !== undefined && !countsIsObject) return 'counts must be an object'
  for (const [key, value] of Object.entries((counts ?? {}) as Record<string, unknown>)) {
    if (!countMembers.includes(key)) unknown.push(`${name}.counts.${key}`)
    else if (!Number.isInteger(value) || (value as number) < 0) {
      return `counts.${key} must be a whole number of at least 0, got ${JSON.stringify(value)}`
    }
  }
  if (unknown.length === 0) return null
  return (
    `unknown ${unknown.length === 1 ? 'key' : 'keys'} ${unknown.join(', ')} ` +
    `(a scenario takes ${known.join(', ')}; counts takes ${countMembers.join(', ')})`
  )
}
