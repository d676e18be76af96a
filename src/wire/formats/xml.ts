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

/** The characters text needs escaped, and those XML 1.0 cannot hold at all. */
const special =
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for.
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
  const writer = new XmlWriter(namespaces, ns)
  return (
    `<?xml version="1.0" encoding="utf-8"?><${def.name} xmlns:i="${instanceNs}" xmlns="${escapeXml(ns)}">` +
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
    return [{ ns, prefix: `${name}:` }, ` xmlns:${name}="${escapeXml(ns)}"`]
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
