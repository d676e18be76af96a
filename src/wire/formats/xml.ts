import type { DtoDef, FieldType } from '../../model/index.ts'
import { xsdDateTime } from './xsd-date.ts'

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

export function escapeXml(text: string): string {
  return text.replace(/[<>&"'\r]/g, (c) =>
    c === '<'
      ? '&lt;'
      : c === '>'
        ? '&gt;'
        : c === '&'
          ? '&amp;'
          : c === '"'
            ? '&quot;'
            : c === "'"
              ? '&apos;'
              : '&#xD;',
  )
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

function listItemName(item: FieldType): string {
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
    default:
      return String(value)
  }
}
