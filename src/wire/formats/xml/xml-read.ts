import { XMLParser, XMLValidator } from 'fast-xml-parser'
import type { DtoDef } from '../../../model/index.ts'
import { DecodeError } from '../../request/decode-error.ts'
import type { Loose } from '../../request/loose.ts'
import type { Limits } from '../../request/limits.ts'
import type { RequestContext } from '../../request-context.ts'
import { clrNamespaceOf, xmlNamespaceOf } from './xml.ts'
import { attributesOf, elementName, membersOf, type XmlNode } from './xml-members.ts'
import { documentScope, namespaceText, resolveName, scopeOf } from './xml-names.ts'
import { scanXml } from './xml-scan.ts'

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
  // Prefixes are kept, and `xmlns` declarations with them: xml-names.ts resolves them.
  removeNSPrefix: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  // Numeric character references (`&#xD;`, as a client may escape a CR) are decoded too.
  htmlEntities: true,
  attributeNamePrefix: '',
})

/**
 * Reads an XML body into a loose tree by the DTO's field table, as DataContractSerializer reads
 * it where that matters to a front end: members by local name and namespace URI (any prefix),
 * a member in another namespace or repeated skipped (xml-members.ts). Where the real reader
 * refuses the whole body or drops members out of order, the mock reads it but warns.
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
  scanXml(text, limits)
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
  const qualified = elementName(root) as string
  const scope = scopeOf(attributesOf(root), documentScope)
  const { local, namespace } = resolveName(qualified, scope)
  if (local !== def.name)
    warn(`XML root '${local}' is not '${def.name}'; the real server refuses it`)
  const expected = xmlNamespaceOf(def, context.xmlNamespaces)
  // DataContractSerializer checks the root's name and namespace: none at all is a mismatch too.
  if (namespace === '') {
    warn(
      `XML root '${local}' has no namespace; the real server expects '${expected}' and refuses it`,
    )
  } else if (namespace !== expected) {
    warn(`XML ${namespaceText(namespace)} is not '${expected}'; the real server refuses it`)
  }
  const reading = {
    limits,
    warn,
    xmlNamespaces: context.xmlNamespaces,
    rootClrName: `${clrNamespaceOf(def, context.xmlNamespaces)}.${def.name}`,
    checked: namespace === expected,
  }
  return membersOf(root[qualified] as XmlNode[], def, reading, { path: '', scope })
}

/** The validator quotes the offending name or value whole: a megabyte of it helps nobody. */
function shorten(message: string): string {
  return message.length > 300 ? `${message.slice(0, 300)}…` : message
}

/** An XML request body as the pipeline reads it, with the host's namespaces and the request's warnings. */
export function readXmlBody(text: string, def: DtoDef, ctx: RequestContext): Loose {
  return readXml(text, def, {
    limits: ctx.config.limits,
    xmlNamespaces: ctx.config.xmlNamespaces,
    warn: (message) => ctx.warnings.add(message),
  })
}
