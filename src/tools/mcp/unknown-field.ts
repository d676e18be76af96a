import type { ToolSchema, ToolSchemaNode } from './tool-schema.ts'

/** A member the schema does not name: where it is, and what was meant. */
export interface UnknownField {
  /** `Comments[0].Mesage`. */
  readonly path: string
  readonly name: string
  /** The members there are at that place. */
  readonly known: readonly string[]
  /** The member it is nearest to (same letters in another case, or one or two edits away). */
  readonly near: string | undefined
}

/**
 * The first member of `value` that its schema closes out (`additionalProperties: false`). JSON
 * Schema validators say only that there is one; an agent needs its name to fix the call.
 * @example unknownField({ Comments: [{ Mesage: 'x' }] }, fixturesSchema())?.path // 'Comments[0].Mesage'
 */
export function unknownField(value: unknown, schema: ToolSchema): UnknownField | undefined {
  return walk({ value, schema, defs: schema.$defs ?? {}, path: '' })
}

interface Place {
  readonly value: unknown
  readonly schema: ToolSchemaNode
  readonly defs: Readonly<Record<string, ToolSchemaNode>>
  readonly path: string
}

function walk({ value, schema, defs, path }: Place): UnknownField | undefined {
  const resolved = resolve(schema, defs)
  if (resolved.anyOf) {
    // The alternative that describes objects (a nullable DTO is `anyOf: [$ref, null]`).
    for (const option of resolved.anyOf) {
      const found = walk({ value, schema: option, defs, path })
      if (found) return found
    }
  }
  if (Array.isArray(value) && resolved.items) {
    for (const [index, item] of value.entries()) {
      const found = walk({ value: item, schema: resolved.items, defs, path: `${path}[${index}]` })
      if (found) return found
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  const properties = resolved.properties
  if (!properties) return undefined
  for (const [name, member] of Object.entries(value)) {
    const where = path === '' ? name : `${path}.${name}`
    const memberSchema = properties[name]
    if (memberSchema === undefined) {
      if (resolved.additionalProperties !== false) continue
      const known = Object.keys(properties)
      return { path: where, name, known, near: nearest(name, known) }
    }
    const found = walk({ value: member, schema: memberSchema, defs, path: where })
    if (found) return found
  }
  return undefined
}

function resolve(
  schema: ToolSchemaNode,
  defs: Readonly<Record<string, ToolSchemaNode>>,
): ToolSchemaNode {
  const ref = schema.$ref
  if (ref === undefined) return schema
  return defs[ref.replace('#/$defs/', '')] ?? schema
}

function nearest(name: string, known: readonly string[]): string | undefined {
  const lower = name.toLowerCase()
  const sameLetters = known.find((candidate) => candidate.toLowerCase() === lower)
  if (sameLetters) return sameLetters
  let best: string | undefined
  let bestDistance = 3
  for (const candidate of known) {
    const distance = editDistance(lower, candidate.toLowerCase())
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance]
  }
  return best
}

/** Levenshtein's distance, in one row: names are short. */
function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let i = 1; i <= a.length; i++) {
    const next = [i]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      next[j] = Math.min((row[j] ?? 0) + 1, (next[j - 1] ?? 0) + 1, (row[j - 1] ?? 0) + cost)
    }
    row = next
  }
  return row[b.length] ?? 0
}
