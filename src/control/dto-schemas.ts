import type { DtoDef, FieldSpec, FieldType } from '../model/index.ts'
import { formatLists, formats, mimeTypes, type Format } from '../wire/index.ts'
import { xmlNamespaceOf } from '../wire/formats/xml/xml.ts'

// JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) for the DTOs, generated from their
// field tables, and the DTOs as OpenAPI media types in every wire format. Schemas describe the
// default wire shape: PascalCase names, nulls allowed where the field is nullable.
// `?jsconfig=` can rename, retype or drop members; no schema follows that.

/** A JSON Schema as the mock writes them: the keywords it uses, nothing more. */
export interface JsonSchema {
  $ref?: string
  title?: string
  description?: string
  type?: JsonType | JsonType[]
  format?: string
  enum?: (string | null)[]
  items?: JsonSchema
  properties?: Record<string, JsonSchema>
  anyOf?: JsonSchema[]
  examples?: unknown[]
  contentMediaType?: string
  contentSchema?: JsonSchema
  /** OpenAPI's XML Object: element name, namespace and list wrapping. */
  xml?: { name?: string; namespace?: string; wrapped?: boolean }
}

/** Media type → OpenAPI Media Type Object. */
export type MediaTypes = Record<string, { schema: JsonSchema }>

export type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'null'

const refPrefix = '#/components/schemas/'
const formMime = 'application/x-www-form-urlencoded'
const jsonpMime = 'text/javascript'

const dateDescription =
  'JSON: "\\/Date(ms)\\/" (WCF date); XML: xs:dateTime; JSV/CSV: shortest XSD date. ' +
  'Read in any of these forms, ISO 8601, yyyyMMdd or RFC 1123.'
const guidDescription =
  'A GUID, written lowercase 8-4-4-4-12; read in any .NET form (N, D, B or P, any case).'

/** A reference to a DTO's schema under `components.schemas`. */
export function schemaRef(def: DtoDef): JsonSchema {
  return { $ref: `${refPrefix}${def.name}` }
}

/**
 * One schema per DTO reachable from `roots` (object and list fields followed), named by DTO
 * name. Recursive DTOs end in a `$ref` to themselves: each DTO is generated once.
 * @example const schemas = createDtoSchemas([CommentResponse, ErrorResponse])
 */
export function createDtoSchemas(roots: readonly DtoDef[]): Record<string, JsonSchema> {
  const schemas: Record<string, JsonSchema> = {}
  const seen = new Map<string, DtoDef>()
  const queue = [...roots]
  for (let def = queue.shift(); def; def = queue.shift()) {
    const known = seen.get(def.name)
    if (known && known !== def)
      throw new Error(`Failed to build the DTO schemas: two DTOs are named ${def.name}`)
    if (known) continue
    seen.set(def.name, def)
    schemas[def.name] = dtoSchema(def, (found) => queue.push(found))
  }
  return schemas
}

// No `required` list, in either direction. A DTO is often both the request and the answer
// (one schema serves both), the spec does not say what the server requires of a request, and
// even non-nullable members can be absent from an answer (`?jsconfig=ExcludeDefaultValues`).
// Non-nullable fields say so by their type: it does not admit null.
function dtoSchema(def: DtoDef, reach: (def: DtoDef) => void): JsonSchema {
  const order = def.dataContract ? 'in this order' : 'in alphabetical order'
  const properties: Record<string, JsonSchema> = {}
  for (const entry of def.entries) properties[entry.name] = fieldSchema(entry.spec, reach)
  return {
    type: 'object',
    description:
      `${def.namespace}.${def.name}. JSON, JSV and CSV write the members in this order, ` +
      `XML ${order}; nulls are left out unless ?jsconfig=IncludeNullValues.`,
    xml: { name: def.name, namespace: xmlNamespaceOf(def) },
    properties,
  }
}

function fieldSchema(spec: FieldSpec<unknown>, reach: (def: DtoDef) => void): JsonSchema {
  const schema = typeSchema(spec.type, reach)
  return spec.nullable ? allowNull(schema) : schema
}

function typeSchema(type: FieldType, reach: (def: DtoDef) => void): JsonSchema {
  switch (type.kind) {
    case 'string':
      return { type: 'string' }
    case 'int':
      return { type: 'integer', format: 'int32' }
    case 'decimal':
      return { type: 'number' }
    case 'bool':
      return { type: 'boolean' }
    case 'date':
      return { type: 'string', description: dateDescription, examples: ['/Date(1775001600000)/'] }
    case 'guid':
      return { type: 'string', format: 'uuid', description: guidDescription }
    case 'any':
      return { description: 'Any value (a CLR object), kept as it was sent.' }
    case 'enum':
      return { title: type.name, type: 'string', enum: [...type.values] }
    case 'object': {
      const def = type.dto()
      reach(def)
      return schemaRef(def)
    }
    case 'list':
      return { type: 'array', items: typeSchema(type.item, reach), xml: { wrapped: true } }
  }
}

/** OpenAPI 3.1 style: `null` joins the type list (and the enum); a `$ref` goes into `anyOf`. */
function allowNull(schema: JsonSchema): JsonSchema {
  if (schema.$ref !== undefined) return { anyOf: [schema, { type: 'null' }] }
  // No type at all (any value) admits null already.
  if (schema.type === undefined) return schema
  const types = Array.isArray(schema.type) ? schema.type : [schema.type]
  return {
    ...schema,
    type: [...types, 'null'],
    ...(schema.enum ? { enum: [...schema.enum, null] } : {}),
  }
}

// JSON and XML map onto the DTO's schema; JSV and CSV are text whose decoded content is the DTO
// (`contentSchema`); the HTML page only shows it.
function mediaTypeSchema(format: Format, def: DtoDef): JsonSchema {
  switch (format) {
    case 'json':
    case 'xml':
      return schemaRef(def)
    case 'jsv':
      return {
        type: 'string',
        description: `The ${def.name} as JSV, ServiceStack's TypeSerializer text.`,
        contentMediaType: mimeTypes.jsv,
        contentSchema: schemaRef(def),
      }
    case 'csv':
      return {
        type: 'string',
        description:
          `The ${def.name} as CSV: a header row of member names in declaration order and ` +
          'one data row, CRLF line ends, nested values as JSV.',
        contentMediaType: mimeTypes.csv,
        contentSchema: schemaRef(def),
      }
    case 'html':
      return {
        type: 'string',
        description: `A page showing the ${def.name} as nested tables, linking every other format.`,
      }
  }
}

/**
 * A DTO as an answer, in every format the negotiation can choose, plus JSONP.
 * @example const content = answerContent(ErrorResponse) // { 'application/json': …, … }
 */
export function answerContent(def: DtoDef): MediaTypes {
  const content: MediaTypes = {}
  for (const format of formats)
    content[mimeTypes[format]] = { schema: mediaTypeSchema(format, def) }
  content[jsonpMime] = {
    schema: { type: 'string', description: `?callback=name: name(<${def.name} as JSON>).` },
  }
  return content
}

/**
 * A DTO as a request body, in every format that has a reader, plus form fields.
 * @example const content = bodyContent(CommentUpdateRequest)
 */
export function bodyContent(def: DtoDef): MediaTypes {
  const content: MediaTypes = {}
  for (const format of formatLists.bodyFormats)
    content[mimeTypes[format]] = { schema: mediaTypeSchema(format, def) }
  content[formMime] = { schema: schemaRef(def) }
  return content
}
