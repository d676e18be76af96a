import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { findField, type DtoDef, type FieldType } from '../../model/index.ts'
import { DecodeError } from '../request/decode-error.ts'
import type { Loose, LooseObject } from '../request/loose.ts'
import type { Limits } from '../request/limits.ts'
import { listItemName, xmlNamespaceOf } from './xml.ts'
import { xmlNilAllowed, xmlScalarProblem } from './xml-scalars.ts'
import { scanXml } from './xml-scan.ts'

type XmlNode = Record<string, unknown>

/** What reading an XML body needs besides the text. */
export interface XmlReadOptions {
  readonly limits: Limits
  /** XML namespaces by DTO name, where the host's differ from the defaults. */
  readonly xmlNamespaces: Readonly<Record<string, string>>
  /** Reports what the real server would refuse or drop but the mock lets pass. */
  warn(message: string): void
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  // Numeric character references (`&#xD;`, which the writer emits for CR) are decoded too.
  htmlEntities: true,
  attributeNamePrefix: '',
})

/**
 * Reads an XML body into a loose tree by the DTO's field table. Elements match by local name,
 * in any order and under any namespace: the real DataContractSerializer is stricter (it drops
 * members out of order and refuses another root or namespace), so those are reported as
 * warnings rather than punished.
 */
export function readXml(text: string, def: DtoDef, context: XmlReadOptions): Loose {
  const { limits } = context
  const warn = (message: string): void => context.warn(message)
  // DataContractSerializer prohibits DTDs; refusing them also rules out entity expansion.
  if (/<!DOCTYPE/i.test(text)) throw new DecodeError('Failed to read XML: a DTD is prohibited')
  // The body was decoded as UTF-8: a declaration of another encoding does not match its bytes,
  // which the real XmlReader refuses (issue 18).
  const encoding = /^\s*<\?xml[^>]*?\bencoding\s*=\s*["']([^"']*)["']/.exec(text)?.[1]
  if (encoding !== undefined && !/^(?:utf-?8|us-ascii|ascii)$/i.test(encoding)) {
    throw new DecodeError(
      `Could not deserialize 'application/xml' request using ${def.name}: the XML declares the encoding '${encoding.slice(0, 40)}', but its bytes are UTF-8`,
    )
  }
  // Before the validator and the parser: nesting is bounded before anything recurses into it.
  const outline = scanXml(text, limits)
  const valid = XMLValidator.validate(text)
  if (valid !== true) {
    throw new DecodeError(`Failed to read XML (line ${valid.err.line}): ${shorten(valid.err.msg)}`)
  }
  let nodes: XmlNode[]
  try {
    nodes = parser.parse(text) as XmlNode[]
  } catch (error) {
    // The parser refuses some names (`__proto__`, `constructor`) with a plain Error.
    throw new DecodeError(`Failed to read XML: ${(error as Error).message}`)
  }
  const root = nodes.find(
    (node) => elementName(node) !== undefined && !elementName(node)?.startsWith('?'),
  )
  if (!root) throw new DecodeError(`Failed to read XML: no root element, expected '${def.name}'`)
  const rootName = elementName(root) as string
  if (rootName !== def.name)
    warn(`XML root '${rootName}' is not '${def.name}'; the real server refuses it`)
  // The parser drops `xmlns` attributes (removeNSPrefix): the scan kept the root's.
  const declared = outline.rootNamespace
  const expected = xmlNamespaceOf(def, context.xmlNamespaces)
  // DataContractSerializer checks the root's name and namespace: none at all is a mismatch too.
  if (declared === undefined) {
    warn(
      `XML root '${rootName}' has no namespace; the real server expects '${expected}' and refuses it`,
    )
  } else if (declared !== expected) {
    warn(`XML namespace '${declared}' is not '${expected}'; the real server refuses it`)
  }
  return objectFrom(root[rootName] as XmlNode[], def, { limits, warn, dto: def.name }, '')
}

/** What reading one document needs at every level. */
interface XmlReading {
  readonly limits: Limits
  readonly warn: (message: string) => void
  /** The request DTO's name, for DataContractSerializer's refusals. */
  readonly dto: string
}

/** DataContractSerializer's refusal of a member (issue 18): a 400 SerializationException. */
function refused(reading: XmlReading, path: string, problem: string): DecodeError {
  return new DecodeError(
    `Could not deserialize 'application/xml' request using ${reading.dto}: ${path} ${problem}`,
  )
}

/** The validator quotes the offending name or value whole: a megabyte of it helps nobody. */
function shorten(message: string): string {
  return message.length > 300 ? `${message.slice(0, 300)}…` : message
}

function elementName(node: XmlNode): string | undefined {
  return Object.keys(node).find((key) => key !== ':@' && key !== '#text')
}

function objectFrom(
  children: XmlNode[],
  def: DtoDef,
  reading: XmlReading,
  path: string,
): LooseObject {
  const { warn } = reading
  const out: LooseObject = {}
  let lastIndex = -1
  let reported = false
  for (const child of children) {
    const name = elementName(child)
    if (!name) continue
    const entry = findField(def, name)
    if (!entry) continue
    const index = def.xmlOrder.indexOf(entry)
    if (index < lastIndex && !reported) {
      warn(
        `XML members of '${def.name}' are out of order at '${name}'; the real server drops such members`,
      )
      reported = true
    }
    lastIndex = Math.max(lastIndex, index)
    Object.defineProperty(out, entry.name, {
      value: valueFrom(child, name, entry.spec, reading, path + entry.name),
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return out
}

function valueFrom(
  node: XmlNode,
  name: string,
  { type, nullable }: { readonly type: FieldType; readonly nullable: boolean },
  reading: XmlReading,
  path: string,
): Loose {
  const { limits, warn } = reading
  const attributes = node[':@'] as Record<string, string> | undefined
  if (attributes?.nil === 'true') {
    if (!xmlNilAllowed(type, nullable))
      throw refused(reading, path, 'is nil, which its type cannot hold')
    return null
  }
  const children = (node[name] as XmlNode[] | undefined) ?? []
  switch (type.kind) {
    case 'object':
      return objectFrom(children, type.dto(), reading, `${path}.`)
    case 'list': {
      const items: Loose[] = []
      const expected = listItemName(type.item)
      let reported = false
      for (const child of children) {
        const itemName = elementName(child)
        if (!itemName) continue
        // DataContractSerializer reads only items named after their type.
        if (itemName !== expected && !reported) {
          warn(
            `XML list '${name}' has an item '${itemName}', not '${expected}'; the real server refuses it`,
          )
          reported = true
        }
        const item = { type: type.item, nullable: true }
        items.push(valueFrom(child, itemName, item, reading, `${path}[${items.length}]`))
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
      const problem = xmlScalarProblem(type, text)
      if (problem) {
        const shown = text.length > 40 ? `${text.slice(0, 37)}...` : text
        throw refused(reading, path, `'${shown}' cannot be parsed as the type '${problem}'`)
      }
      return text
    }
  }
}
