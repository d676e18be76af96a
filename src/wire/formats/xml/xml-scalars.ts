import type { FieldType } from '../../../model/index.ts'
import { parseGuid } from '../guid.ts'
import { parseXsdDate } from '../wcf-date.ts'

// What DataContractSerializer accepts as the text of a scalar member (XmlConvert's rules, not
// ServiceStack.Text's): it refuses the rest with a SerializationException, where the other
// formats' readers drop the value. So in XML a wrongly typed value is a 400 (issue 18), and its
// message is DataContractSerializer's own (issue 30, N11): the host reports the inner exception
// (SS `HostConfig.cs` l.175 `ReturnsInnerException`, `ServiceStackHost.Runtime.cs` l.582–590),
// not ServiceStack's "Could not deserialize" wrapper (`ServiceStackHandlerBase.cs` l.227–231).
// References below are to the .NET Framework reference source, System.Runtime.Serialization.

const int32 = /^\s*[+-]?\d+\s*$/
const xsDecimal = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)\s*$/
const xsDateTime =
  /^\s*-?\d{4,}-\d\d-\d\d(?:T\d\d:\d\d(?::\d\d(?:\.\d+)?)?)?(?:Z|[+-]\d\d:\d\d)?\s*$/

/**
 * The type XmlConverter names when a text does not convert (`System/Xml/XmlConverter.cs`:
 * ToInt32 l.94–112, ToBoolean l.65–79, ToDecimal l.206–224, ToDateTime l.243–257; ToGuid
 * l.314–332, also `XmlReaderDelegator.cs` l.714–735). `decimal` is lower case there.
 */
const conversionNames: Readonly<Record<string, string>> = {
  int: 'Int32',
  decimal: 'decimal',
  bool: 'Boolean',
  date: 'DateTime',
  guid: 'Guid',
}

/** The CLR value types, as `ValueType '…' cannot be null` names them. */
const valueTypeNames: Readonly<Record<string, string>> = {
  int: 'System.Int32',
  decimal: 'System.Decimal',
  bool: 'System.Boolean',
  date: 'System.DateTime',
  guid: 'System.Guid',
}

/** The CLR names a refusal's message uses: the request type's, and the member's namespace. */
export interface ClrNames {
  /** The request DTO's full name (`Cms.Services.Comments.DTO.CommentUpdateRequest`). */
  readonly root: string
  /** The CLR namespace of the type declaring the member, for an enum's full name. */
  readonly namespace: string
}

/** XmlConvert.ToBoolean's reading of `i:nil` and of a bool member, or undefined. */
export function xmlBoolean(text: string): boolean | undefined {
  const trimmed = text.trim()
  if (trimmed === 'true' || trimmed === '1') return true
  if (trimmed === 'false' || trimmed === '0') return false
  return undefined
}

/**
 * DataContractSerializer's message for a text that does not convert: XmlConverter's
 * XmlException (`XmlExceptionHelper.cs` l.271–274, "The value '{0}' cannot be parsed as the type
 * '{1}'.", no line information, `System/Xml/XmlException.cs` l.98, l.173–181), wrapped by
 * ReadObjectHandleExceptions (`XmlObjectSerializer.cs` l.316–323, l.421–426: "There was an
 * error deserializing the object of type {type}. {inner}").
 */
export function conversionRefusal(names: ClrNames, shown: string, clrType: string): string {
  return `There was an error deserializing the object of type ${names.root}. The value '${shown}' cannot be parsed as the type '${clrType}'.`
}

/**
 * The message DataContractSerializer refuses a member's text with, or undefined when XmlConvert
 * reads it. An enum is matched by member name, exactly and untrimmed, and refused with a
 * SerializationException that is not wrapped (`EnumDataContract.cs` l.381–438).
 */
export function xmlValueRefusal(
  type: FieldType,
  text: string,
  names: ClrNames,
): string | undefined {
  const shown = text.length > 40 ? `${text.slice(0, 37)}...` : text
  if (type.kind === 'enum') {
    if (type.values.includes(text)) return undefined
    return `Invalid enum value '${shown}' cannot be deserialized into type '${names.namespace}.${type.name}'. Ensure that the necessary enum values are present and are marked with EnumMemberAttribute attribute if the type has DataContractAttribute attribute.`
  }
  const clrType = conversionNames[type.kind]
  if (clrType === undefined || converts(type, text)) return undefined
  return conversionRefusal(names, shown, clrType)
}

function converts(type: FieldType, text: string): boolean {
  switch (type.kind) {
    case 'int':
      return int32.test(text) && Number(text) >= -2147483648 && Number(text) <= 2147483647
    case 'decimal':
      return xsDecimal.test(text)
    case 'bool':
      return xmlBoolean(text) !== undefined
    case 'date':
      // Within DateTime's range too: a year 1 to 9999, not past it by an offset (issue 30, C12).
      return xsDateTime.test(text) && parseXsdDate(text) !== undefined
    case 'guid':
      return parseGuid(text) !== undefined
    default:
      return true
  }
}

/**
 * The message for `i:nil` on a member that cannot be null, or undefined when it can (a
 * reference type, or a `Nullable<T>`): the generated reader throws a SerializationException,
 * not wrapped (`XmlFormatReaderGenerator.cs` l.485–500, "ValueType '{0}' cannot be null.").
 */
export function xmlNilRefusal(
  type: FieldType,
  nullable: boolean,
  names: ClrNames,
): string | undefined {
  if (nullable) return undefined
  const valueType =
    type.kind === 'enum' ? `${names.namespace}.${type.name}` : valueTypeNames[type.kind]
  return valueType === undefined ? undefined : `ValueType '${valueType}' cannot be null.`
}
