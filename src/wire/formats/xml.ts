import type { DtoDef, FieldType } from '../../model/index.ts'
import { xsdDateTime } from './xsd-date.ts'
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

/** The characters text needs escaped, and those XML 1.0 cannot hold at all. */
const special =
  /[<>&"'\r\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

export function escapeXml(text: string): string {
  return text.replace(special, (c) => {
    switch (c) {
      case '<':
        return '&lt;'
      case '>':
        return '&gt;'
      case '&':
        return '&amp;'
      case '"':
        return '&quot;'
      case "'":
        return '&apos;'
      case '\r':
        return '&#xD;'
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
  const writer = new XmlWriter(namespaces)
  return (
    `<?xml version="1.0" encoding="utf-8"?><${def.name} xmlns:i="${instanceNs}" xmlns="${escapeXml(ns)}">` +
    writer.members(def, value as Record<string, unknown>, ns, 1) +
    `</${def.name}>`
  )
}

class XmlWriter {
  private readonly namespaces: Readonly<Record<string, string>>

  constructor(namespaces: Readonly<Record<string, string>>) {
    this.namespaces = namespaces
  }

  members(def: DtoDef, value: Record<string, unknown>, ns: string, depth: number): string {
    let out = ''
    for (const entry of def.xmlOrder)
      out += this.element(entry.name, entry.spec.type, value[entry.name], ns, depth)
    return out
  }

  private element(
    name: string,
    type: FieldType,
    value: unknown,
    ns: string,
    depth: number,
  ): string {
    if (value === null || value === undefined) return `<${name} i:nil="true" />`
    switch (type.kind) {
      case 'object': {
        const def = type.dto()
        const own = xmlNamespaceOf(def, this.namespaces)
        // A member of a type from another contract namespace declares that namespace.
        const prefix = own === ns ? '' : ` xmlns="${escapeXml(own)}"`
        return `<${name}${prefix}>${this.members(def, value as Record<string, unknown>, own, depth + 1)}</${name}>`
      }
      case 'list': {
        const items = value as unknown[]
        if (items.length === 0) return `<${name} />`
        const itemName = listItemName(type.item)
        let inner = ''
        for (const item of items) inner += this.element(itemName, type.item, item, ns, depth + 1)
        return `<${name}>${inner}</${name}>`
      }
      case 'any':
        return this.anyElement(name, value, depth)
      default:
        return `<${name}>${escapeXml(scalarText(type, value))}</${name}>`
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
      return plainDecimal(value as number)
    default:
      return String(value)
  }
}
