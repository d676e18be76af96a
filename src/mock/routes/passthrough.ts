import type { Operation } from '../../wire/index.ts'

/**
 * Replaces the set of passed-through operations with `names` (request DTO names, any case), or
 * says which name is no operation of the mock, changing nothing.
 */
export function setPassthrough(
  set: Set<string>,
  names: readonly unknown[],
  operations: readonly Operation[],
): string | undefined {
  const byLower = new Map(operations.map((op) => [op.requestDto.name.toLowerCase(), op]))
  const chosen: string[] = []
  for (const name of names) {
    const operation = typeof name === 'string' ? byLower.get(name.toLowerCase()) : undefined
    if (!operation) {
      const known = operations.map((op) => op.requestDto.name).join(', ')
      return `passthrough: '${String(name)}' is not an operation of the mock (${known})`
    }
    chosen.push(operation.requestDto.name)
  }
  set.clear()
  for (const name of chosen) set.add(name)
  return undefined
}
