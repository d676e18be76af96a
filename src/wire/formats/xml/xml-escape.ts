// Text and attribute values as ServiceStack's XmlWriter escapes them (issue 30, C4), and the
// characters it refuses (issue 18).

/**
 * What ServiceStack's XmlWriter throws for a character XML 1.0 forbids (C0 controls but tab, LF
 * and CR; a lone surrogate; U+FFFE and U+FFFF): no XML document can hold it, so the real answer
 * is an error. The message is .NET's, with the character written as an escape.
 */
export class InvalidXmlCharacter extends Error {
  constructor(code: number) {
    const hex = code.toString(16).toUpperCase()
    super(
      `'\\u${hex.padStart(4, '0')}', hexadecimal value 0x${hex.padStart(2, '0')}, is an invalid character.`,
    )
    this.name = 'ArgumentException'
  }
}

/**
 * What DataContractSerializer throws for an enum value that names no member, a number the
 * JSON, JSV or CSV reader kept (C8): `EnumDataContract.WriteEnumValue`, not a flags enum
 * (.NET Framework reference source, `System.Runtime.Serialization/System/Runtime/
 * Serialization/EnumDataContract.cs`; `SR.InvalidEnumValueOnWrite`), a SerializationException
 * that no one wraps. The value is the boxed enum's `ToString()`: its number.
 */
export class UnwritableEnumValue extends Error {
  constructor(value: string, enumType: string) {
    super(
      `Enum value '${value}' is invalid for type '${enumType}' and cannot be serialized. Ensure that the necessary enum values are present and are marked with EnumMemberAttribute attribute if the type has DataContractAttribute attribute.`,
    )
    this.name = 'SerializationException'
  }
}

// What text and attribute values need escaped, and the characters XML 1.0 cannot hold at all (C0
// controls but tab, LF and CR; U+FFFE and U+FFFF; a lone surrogate), which throw.
const textSpecial =
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for.
  /[<>&]|\r\n?|\n|[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g
const attributeSpecial =
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for.
  /[<>&"\t\r\n]|[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/**
 * Whether text or an attribute value needs `escapeXml` or `escapeXmlAttribute` at all: most
 * values (ids, dates, plain words) do not, and the writer then keeps them as they are.
 */
export const textNeedsEscape = new RegExp(textSpecial.source)
export const attributeNeedsEscape = new RegExp(attributeSpecial.source)

/**
 * Element text as ServiceStack's XmlWriter writes it: `XmlWriter.Create` with default settings
 * (SST `XmlSerializer.cs` l.12–21, l.113), so NewLineHandling.Replace and NewLineChars
 * `Environment.NewLine` (.NET Framework reference source, `System.Xml/System/Xml/Core/
 * XmlWriterSettings.cs` l.673–677), CRLF on the Windows host. `WriteElementTextBlock`
 * (`System.Xml/System/Xml/Core/XmlUtf8RawTextWriter.cs` l.772–862) escapes only
 * `&`, `<` and `>`; writes `"` and `'` as they are; and replaces CRLF, a lone CR and a lone LF
 * each with CRLF. A character XML cannot hold throws.
 */
export function escapeXml(text: string): string {
  return text.replace(textSpecial, (c) => {
    switch (c) {
      case '<':
        return '&lt;'
      case '>':
        return '&gt;'
      case '&':
        return '&amp;'
      case '\r\n':
      case '\r':
      case '\n':
        return '\r\n'
      default:
        throw new InvalidXmlCharacter(c.charCodeAt(0))
    }
  })
}

/**
 * An attribute value (the namespaces the writer declares), as `WriteAttributeTextBlock` writes
 * it (the same file, l.675–768): `"` as `&quot;`, tab, CR and LF as character references.
 */
export function escapeXmlAttribute(text: string): string {
  return text.replace(attributeSpecial, (c) => {
    switch (c) {
      case '<':
        return '&lt;'
      case '>':
        return '&gt;'
      case '&':
        return '&amp;'
      case '"':
        return '&quot;'
      case '\t':
        return '&#x9;'
      case '\r':
        return '&#xD;'
      case '\n':
        return '&#xA;'
      default:
        throw new InvalidXmlCharacter(c.charCodeAt(0))
    }
  })
}
