import { findField, type DtoDef, type FieldEntry } from '../../../model/index.ts'
import { DecodeError } from '../../request/decode-error.ts'
import type { Limits } from '../../request/limits.ts'
import type { Loose, LooseObject } from '../../request/loose.ts'
import { clrNamespaceOf, listItemName, listItemNamespace, xmlNamespaceOf } from './xml.ts'
import {
  namespaceText,
  nilAttribute,
  resolveName,
  scopeOf,
  type XmlName,
  type XmlScope,
} from './xml-names.ts'
import {
  conversionRefusal,
  xmlBoolean,
  xmlNilRefusal,
  xmlValueRefusal,
  type ClrNames,
} from './xml-scalars.ts'

// The members of an XML body, as DataContractSerializer reads them (issue 30, N23): a member
// matches by local name and namespace (the namespace of the type declaring it), searching only
// forward from the last member read (reference source, System.Runtime.Serialization,
// `XmlObjectSerializerReadContext.cs` l.255–264, `XmlFormatReaderGenerator.cs` l.358–438); an
// element that does not match is skipped as unknown (l.295–305). So a member in another
// namespace or in none, and a member repeated, are skipped, each with a warning. A member out
// of order is skipped there too, but read here with a warning (issue 18), as before.

export type XmlNode = Record<string, unknown>

/** What reading one document needs at every level. */
export interface XmlReading {
  readonly limits: Limits
  readonly warn: (message: string) => void
  readonly xmlNamespaces: Readonly<Record<string, string>>
  /** The request type's CLR full name, which DataContractSerializer's messages give. */
  readonly rootClrName: string
  /**
   * Whether namespaces are checked: only when the root is in the namespace the mock expects.
   * A root in another or none is refused by the real server (and warned about here); below it
   * members are then matched by local name alone, as the mock cannot know the client's intent.
   */
  readonly checked: boolean
}

/** Where an element stands: the path of the member it is, and the namespaces in scope. */
interface Place {
  readonly path: string
  readonly scope: XmlScope
}

export function elementName(node: XmlNode): string | undefined {
  return Object.keys(node).find((key) => key !== ':@' && key !== '#text')
}

export function attributesOf(node: XmlNode): Record<string, string> | undefined {
  return node[':@'] as Record<string, string> | undefined
}

/**
 * The element children of an element (text between them left out), in document order, each
 * with its name as written, its namespace scope and its name resolved in it.
 */
function childElements(children: XmlNode[], outer: XmlScope) {
  const elements: Array<{ child: XmlNode; qualified: string; scope: XmlScope; name: XmlName }> = []
  for (const child of children) {
    const qualified = elementName(child)
    if (!qualified) continue
    const scope = scopeOf(attributesOf(child), outer)
    elements.push({ child, qualified, scope, name: resolveName(qualified, scope) })
  }
  return elements
}

/** The members of an object of type `def`, from its element's children. */
export function membersOf(
  children: XmlNode[],
  def: DtoDef,
  reading: XmlReading,
  place: Place,
): LooseObject {
  const { warn } = reading
  const out: LooseObject = {}
  const namespace = xmlNamespaceOf(def, reading.xmlNamespaces)
  const read = new Set<FieldEntry>()
  let lastIndex = -1
  let reported = false
  for (const { child, qualified, scope, name } of childElements(children, place.scope)) {
    const entry = findField(def, name.local)
    if (!entry) continue
    const path = place.path + entry.name
    if (reading.checked && name.namespace !== namespace) {
      warn(
        `XML member '${path}' is in ${namespaceText(name.namespace)}, not '${namespace}'; the real server skips it`,
      )
      continue
    }
    if (read.has(entry)) {
      warn(`XML member '${path}' is repeated; the real server reads only the first`)
      continue
    }
    if (name.local !== entry.name) {
      warn(
        `XML member '${place.path}${name.local}' is not '${entry.name}'; the real server matches names exactly and skips it`,
      )
    }
    const index = def.xmlOrder.indexOf(entry)
    if (index < lastIndex && !reported) {
      warn(
        `XML members of '${def.name}' are out of order at '${entry.name}'; the real server drops such members`,
      )
      reported = true
    }
    lastIndex = Math.max(lastIndex, index)
    read.add(entry)
    Object.defineProperty(out, entry.name, {
      value: valueFrom(child, { qualified, entry, owner: def }, reading, { path, scope }),
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return out
}

/** The member an element holds: its qualified name, its field, and the type declaring it. */
interface Member {
  readonly qualified: string
  readonly entry: Pick<FieldEntry, 'name' | 'spec'>
  readonly owner: DtoDef
}

function valueFrom(node: XmlNode, member: Member, reading: XmlReading, place: Place): Loose {
  const { limits, warn } = reading
  const { type, nullable } = member.entry.spec
  const names: ClrNames = {
    root: reading.rootClrName,
    namespace: clrNamespaceOf(member.owner, reading.xmlNamespaces),
  }
  const nil = nilAttribute(attributesOf(node), place.scope)
  if (nil !== undefined) {
    const isNil = xmlBoolean(nil)
    if (isNil === undefined) throw refused(reading, place, conversionRefusal(names, nil, 'Boolean'))
    if (isNil) {
      const refusal = xmlNilRefusal(type, nullable, names)
      if (refusal) throw refused(reading, place, refusal)
      return null
    }
  }
  const children = (node[member.qualified] as XmlNode[] | undefined) ?? []
  switch (type.kind) {
    case 'object':
      return membersOf(children, type.dto(), reading, { ...place, path: `${place.path}.` })
    case 'list': {
      const items: Loose[] = []
      const expected = listItemName(type.item)
      const namespace = listItemNamespace(type.item, reading.xmlNamespaces)
      const item = { name: expected, spec: { type: type.item, nullable: true } }
      let reported = false
      for (const { child, qualified, scope, name } of childElements(children, place.scope)) {
        // Collection items match by name and namespace too; the rest are skipped
        // (`XmlFormatReaderGenerator.cs` l.672–691, l.897–906).
        if (reading.checked && name.namespace !== namespace) {
          warn(
            `XML list '${place.path}' has an item '${name.local}' in ${namespaceText(name.namespace)}, not '${namespace}'; the real server skips it`,
          )
          continue
        }
        if (name.local !== expected && !reported) {
          warn(
            `XML list '${member.entry.name}' has an item '${name.local}', not '${expected}'; the real server skips it`,
          )
          reported = true
        }
        const at = { path: `${place.path}[${items.length}]`, scope }
        items.push(valueFrom(child, { qualified, entry: item, owner: member.owner }, reading, at))
      }
      if (items.length > limits.arrayLength) {
        throw new DecodeError(
          `Failed to read request: an array has ${items.length} items, over the limit of ${limits.arrayLength}`,
        )
      }
      return items
    }
    default: {
      const text = children
        .map((child) => (typeof child['#text'] === 'string' ? child['#text'] : ''))
        .join('')
      const refusal = xmlValueRefusal(type, text, names)
      if (refusal) throw refused(reading, place, refusal)
      return text
    }
  }
}

/**
 * DataContractSerializer's refusal of a member: a 400 SerializationException with its own
 * message, which names no member; the warning names it.
 */
function refused(reading: XmlReading, place: Place, message: string): DecodeError {
  reading.warn(`the real server refuses the body at XML member '${place.path}'`)
  return new DecodeError(message)
}
