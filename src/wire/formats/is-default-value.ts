import { emptyGuid, type FieldType } from '../../model/index.ts'

/**
 * Whether a value is its CLR type's default, for `ExcludeDefaultValues`: 0, false, the empty
 * GUID, `DateTime.MinValue`, the enum's first member. Strings, lists and objects never are.
 */
export function isDefaultValue(type: FieldType, value: unknown): boolean {
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
