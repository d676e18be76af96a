import { emptyGuid, type FieldSpec } from '../../model/index.ts'

/**
 * Whether a value is its CLR type's default, for `ExcludeDefaultValues`: 0, false, the empty
 * GUID, `DateTime.MinValue`, the enum's first member. A nullable field's default is null, so
 * its `false` or `0` is a value like any other; strings, lists and objects never are defaults.
 */
export function isDefaultValue(spec: FieldSpec<unknown>, value: unknown): boolean {
  if (spec.nullable) return false
  const type = spec.type
  switch (type.kind) {
    case 'int':
    case 'decimal':
      return value === 0
    case 'bool':
      return value === false
    case 'guid':
      return value === emptyGuid
    case 'date':
      return (value as Date).getTime() === -62135596800000
    case 'enum':
      return value === type.values[0]
    default:
      return false
  }
}
