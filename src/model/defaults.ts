import type { DtoDef, DtoValue, FieldSpec } from './field.ts'

export const emptyGuid = '00000000-0000-0000-0000-000000000000'

/**
 * The value a field holds when the input does not set it: null for nullable fields, otherwise
 * the CLR default the spec names (empty string, 0, false, the current time).
 */
export function defaultValue(spec: FieldSpec<unknown>, now: Date): unknown {
  if (spec.nullable) return null
  switch (spec.type.kind) {
    case 'string':
      return ''
    case 'int':
    case 'decimal':
      return 0
    case 'bool':
      return false
    case 'date':
      return new Date(now.getTime())
    case 'guid':
      return emptyGuid
    case 'enum':
      return spec.type.values[0] ?? null
    case 'list':
      return []
    case 'object':
      return completeDto(spec.type.dto(), {}, now)
    case 'any':
      return null
  }
}

/** A whole DTO value: the given fields, and the default of every field not given. */
export function completeDto<D extends DtoDef>(
  def: D,
  given: Partial<DtoValue<D>>,
  now: Date,
): DtoValue<D> {
  const out: Record<string, unknown> = {}
  const source = given as Record<string, unknown>
  for (const entry of def.entries) {
    out[entry.name] = Object.hasOwn(source, entry.name)
      ? source[entry.name]
      : defaultValue(entry.spec, now)
  }
  return out as DtoValue<D>
}
