import type { DtoDef, FieldType } from '../../../model/index.ts'
import { xsdDateTime } from '../date-handlers.ts'
import { plainDecimal } from '../plain-decimal.ts'
import {
  attributeNeedsEscape,
  escapeXml,
  escapeXmlAttribute,
  textNeedsEscape,
  UnwritableEnumValue,
} from './xml-escape.ts'

// XML as DataContractSerializer writes it (servicestack-wire.md section 7): a declaration, the
// root named after the DTO, `xmlns:i`, the contract namespace, members in contract order, nulls
// as `i:nil="true"`, lists as nested elements named after their item type. No indentation.

const instanceNs = 'http://www.w3.org/2001/XMLSchema-instance'
const schemaNs = 'http://www.w3.org/2001/XMLSchema'

const dataContractPrefix = 'http://schemas.datacontract.org/2004/07/'

/** The XML namespace of a DTO: ServiceStack's own types have theirs; others use the CLR one. */
export function xmlNamespaceOf(
  def: DtoDef,
  overrides: Readonly<Record<string, string>> = {},
): string {
  const override = overrides[def.name]
  if (override) return override
  return def.namespace === 'ServiceStack'
    ? 'http://schemas.servicestack.net/types'
    : `${dataContractPrefix}${def.namespace}`
}

/**
 * The CLR namespace behind a DTO's XML namespace, as DataContractSerializer's messages name the
 * type (`…/2004/07/<CLR namespace>` for a type with no contract namespace of its own, as every
 * SF DTO here): the neutral default, or the host's real one where `--xml-namespace` sets it.
 */
export function clrNamespaceOf(
  def: DtoDef,
  overrides: Readonly<Record<string, string>> = {},
): string {
  const ns = xmlNamespaceOf(def, overrides)
  return ns.startsWith(dataContractPrefix) ? ns.slice(dataContractPrefix.length) : def.namespace
}

export function writeXml(
  def: DtoDef,
  value: object,
  namespaces: Readonly<Record<string, string>> = {},
): string {
  const ns = xmlNamespaceOf(def, namespaces)
  const writer = new XmlWriter(namespaces, ns)
  return (
    `<?xml version="1.0" encoding="utf-8"?><${def.name} xmlns:i="${instanceNs}" xmlns="${attribute(ns)}">` +
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
    for (const entry of def.xmlOrder) {
      const member = value[entry.name]
      const { type } = entry.spec
      // An enum number that names no member (kept as its text, decisions.md section 16):
      // EnumDataContract.WriteEnumValue throws for it, the enum's CLR name in the message.
      if (type.kind === 'enum' && typeof member === 'string' && !type.values.includes(member))
        throw new UnwritableEnumValue(
          member,
          `${clrNamespaceOf(def, this.namespaces)}.${type.name}`,
        )
      out += this.element(entry.name, type, member, scope, depth)
    }
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
    return [{ ns, prefix: `${name}:` }, ` xmlns:${name}="${attribute(ns)}"`]
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
        const [inner, declaration] = this.inner(
          listItemNamespace(item, this.namespaces),
          scope,
          depth,
        )
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
        return `<${tag}>${textOf(scalarText(type, value))}</${tag}>`
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
    const written =
      typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : JSON.stringify(value)
    return `<${name} i:type="${prefix}:${xsType}" xmlns:${prefix}="${schemaNs}">${textOf(written)}</${name}>`
  }
}

/** The namespace of a list's items: their type's, or the arrays namespace for primitives. */
export function listItemNamespace(
  item: FieldType,
  overrides: Readonly<Record<string, string>>,
): string {
  return item.kind === 'object' ? xmlNamespaceOf(item.dto(), overrides) : arraysNs
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

/** Element text escaped, where it has anything to escape (xml-escape.ts). */
function textOf(value: string): string {
  return textNeedsEscape.test(value) ? escapeXml(value) : value
}

/** An attribute value escaped, where it has anything to escape. */
function attribute(value: string): string {
  return attributeNeedsEscape.test(value) ? escapeXmlAttribute(value) : value
}
