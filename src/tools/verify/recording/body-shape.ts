import { XMLParser } from 'fast-xml-parser'
import { parse as parseCsv } from 'csv-parse/browser/esm/sync'
import { defaultLimits, formatOfContentType, readJsv, type Format } from '../../../wire/index.ts'
import { scanXml } from '../../../wire/formats/index.ts'
import { scalarForm } from './scalar-form.ts'

/** A body read for its shape: objects with their fields in order, lists, scalars by kind. */
export type Shape = ObjectShape | ListShape | ScalarShape

export interface ObjectShape {
  readonly kind: 'object'
  /** In order; an XML element's children may repeat a name (its list items). */
  readonly fields: readonly (readonly [string, Shape])[]
  /** An XML element's namespace (`xmlns`), where it declares one. */
  readonly namespace?: string
}

export interface ListShape {
  readonly kind: 'list'
  readonly items: readonly Shape[]
}

export interface ScalarShape {
  readonly kind: 'scalar'
  /** JSON's types; `text` for a format that writes every scalar as text (XML, JSV, CSV). */
  readonly type: 'string' | 'number' | 'boolean' | 'null' | 'text'
  /** `date /Date(ms)/`, `guid (lowercase, dashed)`, `text`… (scalar-form.ts). */
  readonly form: string
  readonly text: string
}

/** A body read: its format and shape, or why it could not be read. */
export type ReadBody =
  | { readonly format: Format; readonly root: string | null; readonly shape: Shape }
  | { readonly format: Format | undefined; readonly problem: string }

/**
 * Reads a body by its content type into a `Shape`: JSON, XML (the root's name and namespace
 * kept), JSV and CSV (the header row and the first data row). HTML and other types give a
 * problem, since a page has no field shape to compare.
 */
export function readBodyShape(text: string, contentType: string): ReadBody {
  const format = formatOfContentType(contentType)
  try {
    if (format === 'json') return { format, root: null, shape: jsonShape(JSON.parse(text)) }
    if (format === 'xml') return xmlShape(text)
    if (format === 'jsv')
      return { format, root: null, shape: looseShape(readJsv(text, defaultLimits)) }
    if (format === 'csv') return { format, root: null, shape: csvShape(text) }
  } catch (error) {
    return { format, problem: `not ${format?.toUpperCase()}: ${(error as Error).message}` }
  }
  return {
    format,
    problem: `a ${contentType || 'untyped'} body has no fields to compare`,
  }
}

function scalar(type: ScalarShape['type'], text: string): ScalarShape {
  return {
    kind: 'scalar',
    type,
    form: type === 'string' || type === 'text' ? scalarForm(text) : type,
    text,
  }
}

/**
 * A recorded body comes from anywhere: its nesting is bounded as a request's is (the readers'
 * depth limit, 64), so the walks below and the comparison cannot run out of stack.
 */
function deeper(depth: number): number {
  if (depth >= defaultLimits.depth) throw new Error(`it nests deeper than ${defaultLimits.depth}`)
  return depth + 1
}

function jsonShape(value: unknown, depth = 0): Shape {
  if (Array.isArray(value)) {
    const next = deeper(depth)
    return { kind: 'list', items: value.map((item) => jsonShape(item, next)) }
  }
  if (value === null) return scalar('null', 'null')
  if (typeof value === 'object') {
    const next = deeper(depth)
    return {
      kind: 'object',
      fields: Object.entries(value).map(([name, v]) => [name, jsonShape(v, next)] as const),
    }
  }
  if (typeof value === 'number') return scalar('number', String(value))
  if (typeof value === 'boolean') return scalar('boolean', String(value))
  return scalar('string', String(value))
}

/** JSV's tree: every scalar is text (the reader cannot tell a number from a string). */
function looseShape(value: unknown): Shape {
  if (Array.isArray(value)) return { kind: 'list', items: value.map(looseShape) }
  if (value === null || value === undefined) return scalar('null', 'null')
  if (typeof value === 'object') {
    return {
      kind: 'object',
      fields: Object.entries(value).map(([name, v]) => [name, looseShape(v)] as const),
    }
  }
  return scalar('text', String(value))
}

/** A CSV answer: its header row names the fields, its first data row gives their forms. */
function csvShape(text: string): Shape {
  const rows = parseCsv(text, { relax_column_count: true }) as string[][]
  const [header = [], first = []] = rows
  return {
    kind: 'object',
    fields: header.map((name, index) => {
      const cell = first[index] ?? ''
      return [name, cell === '' ? scalar('null', '') : scalar('text', cell)] as const
    }),
  }
}

type OrderedNode = Record<string, unknown> & { ':@'?: Record<string, string> }

const xmlParser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  ignoreDeclaration: true,
})

/** An element's local name: DataContractSerializer's prefixes (`d2p1:`, `a:`) vary by writer. */
function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1)
}

function xmlShape(text: string): ReadBody {
  // Depth and size bounded in one pass before the parser recurses (xml-scan.ts).
  scanXml(text, defaultLimits)
  const nodes = (xmlParser.parse(text) as OrderedNode[]).filter(
    (node) => elementName(node) !== undefined,
  )
  const root = nodes[0]
  if (root === undefined || nodes.length > 1) throw new Error('expected one root element')
  return { format: 'xml', root: localName(elementName(root) as string), shape: xmlElement(root) }
}

function elementName(node: OrderedNode): string | undefined {
  return Object.keys(node).find((key) => key !== ':@' && key !== '#text' && key !== '?xml')
}

function xmlElement(node: OrderedNode): Shape {
  const name = elementName(node) as string
  const attributes = node[':@'] ?? {}
  const nil = Object.entries(attributes).some(
    ([key, value]) => localName(key) === 'nil' && value === 'true',
  )
  if (nil) return scalar('null', '')
  const children = (node[name] as OrderedNode[]).filter((child) => elementName(child) !== undefined)
  const namespace = attributes.xmlns
  if (children.length === 0) {
    const text = (node[name] as OrderedNode[]).map((child) => String(child['#text'] ?? '')).join('')
    // An element with no children and no text is an empty list or object, or an empty string.
    return scalar('text', text)
  }
  const fields = children.map(
    (child) => [localName(elementName(child) as string), xmlElement(child)] as const,
  )
  return namespace === undefined
    ? { kind: 'object', fields }
    : { kind: 'object', fields, namespace }
}
