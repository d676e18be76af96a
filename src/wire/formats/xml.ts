import type { DtoDef, FieldType } from '../../model/index.ts'
import { xsdDateTime } from './date-handlers.ts'
import { plainDecimal } from './plain-decimal.ts'

// XML as DataContractSerializer writes it (servicestack-wire.md section 7): a declaration, the
// root named after the DTO, `xmlns:i`, the contract namespace, members in contract order, nulls
// as `i:nil="true"`, lists as nested elements named after their item type. No indentation.

const instanceNs = 'http://www.w3.org/2001/XMLSchema-instance'
const schemaNs = 'http://www.w3.org/2001/XMLSchema'

/** The XML namespace of a DTO: ServiceStack's own types have theirs; others use the CLR one. */
export function xmlNamespaceOf(
  def: DtoDef,
  overrides: Readonly<Record<string, string>> = {},
): string {
  const override = overrides[def.name]
  if (override) return override
  return def.namespace === 'ServiceStack'
    ? 'http://schemas.servicestack.net/types'
    : `http://schemas.datacontract.org/2004/07/${def.namespace}`
}

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

// What text and attribute values need escaped, and the characters XML 1.0 cannot hold at all (C0
// controls but tab, LF and CR; U+FFFE and U+FFFF; a lone surrogate), which throw.
const textSpecial =
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for.
  /[<>&]|\r\n?|\n|[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g
const attributeSpecial =
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for.
  /[<>&"\t\r\n]|[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

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
function escapeXmlAttribute(text: string): string {
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

export function writeXml(
  def: DtoDef,
  value: object,
  namespaces: Readonly<Record<string, string>> = {},
): string {
  const ns = xmlNamespaceOf(def, namespaces)
  const writer = new XmlWriter(namespaces, ns)
  return (
    `<?xml version="1.0" encoding="utf-8"?><${def.name} xmlns:i="${instanceNs}" xmlns="${escapeXmlAttribute(ns)}">` +
    writer.members(def, value as Record<string, unknown>, { ns, prefix: '' }, 1) +
    `</${def.name}>`
  )
}

/** The namespace elements are written in at one level, and the prefix that names it there. */
interface Scope {
  readonly ns: string
  /** `''` for the root's default namespace, else `d3p1:`. */
  readonly prefix: string
}

/** Lists of primitives: DataContractSerializer's array namespace (`<d2p1:string>`). */
const arraysNs = 'http://schemas.microsoft.com/2003/10/Serialization/Arrays'

class XmlWriter {
  private readonly namespaces: Readonly<Record<string, string>>
  private readonly rootNs: string

  constructor(namespaces: Readonly<Record<string, string>>, rootNs: string) {
    this.namespaces = namespaces
    this.rootNs = rootNs
  }

  members(def: DtoDef, value: Record<string, unknown>, scope: Scope, depth: number): string {
    let out = ''
    for (const entry of def.xmlOrder)
      out += this.element(entry.name, entry.spec.type, value[entry.name], scope, depth)
    return out
  }

  /**
   * The scope of an element's children in namespace `ns`: the element's own when it is the
   * same, the root's default when it is the root's, else a prefix the element declares
   * (`xmlns:d3p1`, named after the children's depth, as DataContractSerializer names them).
   */
  private inner(ns: string, scope: Scope, depth: number): [Scope, string] {
    if (ns === scope.ns) return [scope, '']
    if (ns === this.rootNs) return [{ ns, prefix: '' }, '']
    const name = `d${depth + 1}p1`
    return [{ ns, prefix: `${name}:` }, ` xmlns:${name}="${escapeXmlAttribute(ns)}"`]
  }

  private element(
    name: string,
    type: FieldType,
    value: unknown,
    scope: Scope,
    depth: number,
  ): string {
    const tag = scope.prefix + name
    if (value === null || value === undefined) return `<${tag} i:nil="true" />`
    switch (type.kind) {
      case 'object': {
        const def = type.dto()
        // The member is in its parent's namespace; its own members are in its type's.
        const [inner, declaration] = this.inner(xmlNamespaceOf(def, this.namespaces), scope, depth)
        const members = this.members(def, value as Record<string, unknown>, inner, depth + 1)
        return `<${tag}${declaration}>${members}</${tag}>`
      }
      case 'list': {
        const items = value as unknown[]
        if (items.length === 0) return `<${tag} />`
        const item = type.item
        const itemNs =
          item.kind === 'object' ? xmlNamespaceOf(item.dto(), this.namespaces) : arraysNs
        const [inner, declaration] = this.inner(itemNs, scope, depth)
        const itemName = listItemName(item)
        let out = ''
        for (const each of items) out += this.element(itemName, item, each, inner, depth + 1)
        return `<${tag}${declaration}>${out}</${tag}>`
      }
      case 'any':
        return this.anyElement(tag, value, depth)
      default:
        // An empty string is `<Page></Page>`, never `<Page />`: DataContractSerializer writes
        // text with WriteValue(string) (reference source, `System.Runtime.Serialization/System/
        // Runtime/Serialization/XmlWriterDelegator.cs` l.444–447), and WriteElementTextBlock
        // marks content written even for "" (`XmlUtf8RawTextWriter.cs` l.858–860), so
        // WriteEndElement writes the full end tag (l.276–299). Only an empty list gets ` />`.
        return `<${tag}>${escapeXml(scalarText(type, value))}</${tag}>`
    }
  }

  /** An `object` member carries its runtime type, as DataContractSerializer writes it. */
  private anyElement(name: string, value: unknown, depth: number): string {
    const prefix = `d${depth + 1}p1`
    const xsType =
      typeof value === 'boolean'
        ? 'boolean'
        : typeof value === 'number'
          ? Number.isInteger(value)
            ? 'int'
            : 'decimal'
          : 'string'
    const text =
      typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : JSON.stringify(value)
    return `<${name} i:type="${prefix}:${xsType}" xmlns:${prefix}="${schemaNs}">${escapeXml(text)}</${name}>`
  }
}

export function listItemName(item: FieldType): string {
  switch (item.kind) {
    case 'object':
      return item.dto().name
    case 'int':
      return 'int'
    case 'bool':
      return 'boolean'
    case 'date':
      return 'dateTime'
    case 'enum':
      return item.name
    default:
      return item.kind
  }
}

function scalarText(type: FieldType, value: unknown): string {
  switch (type.kind) {
    case 'bool':
      return value ? 'true' : 'false'
    case 'date':
      return xsdDateTime(value as Date)
    case 'decimal':
      return typeof value === 'string' ? value : plainDecimal(value as number)
    default:
      return String(value)
  }
}
