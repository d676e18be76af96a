import type { FieldType } from '../../model/index.ts'
import { parseGuid } from './guid.ts'

// What DataContractSerializer accepts as the text of a scalar member (XmlConvert's rules, not
// ServiceStack.Text's): it refuses the rest with a SerializationException, where the other
// formats' readers drop the value. So in XML a wrongly typed value is a 400 (issue 18).

const int32 = /^\s*[+-]?\d+\s*$/
const xsDecimal = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)\s*$/
const xsDateTime =
  /^\s*-?\d{4,}-\d\d-\d\d(?:T\d\d:\d\d(?::\d\d(?:\.\d+)?)?)?(?:Z|[+-]\d\d:\d\d)?\s*$/

/** The CLR type DataContractSerializer names in its message. */
const clrNames: Readonly<Record<string, string>> = {
  int: 'Int32',
  decimal: 'Decimal',
  bool: 'Boolean',
  date: 'DateTime',
  guid: 'Guid',
}

/** The CLR type the text does not parse as, or undefined when XmlConvert reads it. */
export function xmlScalarProblem(type: FieldType, text: string): string | undefined {
  switch (type.kind) {
    case 'int': {
      const fits = int32.test(text) && Math.abs(Number(text)) <= 2147483648
      return fits && Number(text) <= 2147483647 ? undefined : clrNames.int
    }
    case 'decimal':
      return xsDecimal.test(text) ? undefined : clrNames.decimal
    case 'bool':
      return ['true', 'false', '1', '0'].includes(text.trim()) ? undefined : clrNames.bool
    case 'date':
      return xsDateTime.test(text) ? undefined : clrNames.date
    case 'guid':
      return parseGuid(text) === undefined ? clrNames.guid : undefined
    case 'enum':
      // By name, as declared: DataContractSerializer compares enum member names exactly.
      return type.values.includes(text.trim()) ? undefined : type.name
    default:
      return undefined
  }
}

/** Whether a member can be `i:nil`: a reference type, or a `Nullable<T>` value. */
export function xmlNilAllowed(type: FieldType, nullable: boolean): boolean {
  return (
    nullable ||
    type.kind === 'string' ||
    type.kind === 'any' ||
    type.kind === 'object' ||
    type.kind === 'list'
  )
}
