import {
  createDtoSchemas,
  stateCollections,
  type JsonSchema,
  type JsonType,
} from '../../control/index.ts'

/**
 * A tool's input schema: JSON Schema (draft 2020-12) whose objects refuse members they do not
 * name, so a misspelt field is an error naming it rather than a field silently dropped.
 */
export interface ToolSchema {
  readonly type: 'object'
  readonly description?: string
  readonly properties: Readonly<Record<string, ToolSchemaNode>>
  readonly required?: readonly string[]
  readonly additionalProperties: false
  readonly $defs?: Readonly<Record<string, ToolSchemaNode>>
  readonly minProperties?: number
}

/** A schema inside a tool's input: the DTO schemas' keywords, plus what the tools use. */
export type ToolSchemaNode = Omit<JsonSchema, 'items' | 'properties' | 'anyOf'> & {
  readonly items?: ToolSchemaNode
  readonly properties?: Readonly<Record<string, ToolSchemaNode>>
  readonly anyOf?: readonly ToolSchemaNode[]
  readonly additionalProperties?: false
  readonly required?: readonly string[]
  readonly minimum?: number
  readonly maximum?: number
  readonly minLength?: number
  readonly maxLength?: number
  readonly default?: unknown
}

/** An object of the named members, none other; `required` lists those it must have. */
export function objectSchema(
  properties: Readonly<Record<string, ToolSchemaNode>>,
  more: { description?: string; required?: readonly string[] } = {},
): ToolSchema {
  return { type: 'object', ...more, properties, additionalProperties: false }
}

/**
 * `mock_fixtures`' input: the `/__mock/state` shape, each collection a list of partial
 * entities whose schema is the DTO's, drawn from the model's field tables as the OpenAPI
 * document's are (src/control/dto-schemas.ts), under `$defs`, with no member the DTO lacks.
 */
export function fixturesSchema(): ToolSchema {
  const dtoSchemas = createDtoSchemas(stateCollections.map((collection) => collection.dto))
  const $defs: Record<string, ToolSchemaNode> = {}
  for (const [name, schema] of Object.entries(dtoSchemas)) $defs[name] = closed(schema)
  const properties: Record<string, ToolSchemaNode> = {}
  for (const { name, dto } of stateCollections) {
    properties[name] = {
      type: 'array',
      description: `Partial ${dto.name} entities, keyed by ${keyFields[name]}: what one leaves out is filled from the seed.`,
      items: { $ref: `#/$defs/${dto.name}` },
    }
  }
  return {
    type: 'object',
    properties,
    additionalProperties: false,
    minProperties: 1,
    $defs,
  }
}

const keyFields: Readonly<Record<(typeof stateCollections)[number]['name'], string>> = {
  ABTests: 'Id',
  Services: 'Route',
  Containers: 'PageId',
  Comments: 'Key',
  Pages: 'Id',
}

/**
 * A DTO schema as a tool takes it: objects closed, references to `$defs`, and what only the
 * OpenAPI document reads left out (the XML names; the GUID format, since the mock reads a GUID
 * in any of .NET's forms and says itself what it refuses).
 */
function closed(schema: JsonSchema): ToolSchemaNode {
  const { xml: _xml, $ref, items, properties, anyOf, format, ...rest } = schema
  if (Array.isArray(schema.type)) return nullable(schema)
  return {
    ...rest,
    ...(format === undefined || format === 'uuid' ? {} : { format }),
    ...($ref === undefined ? {} : { $ref: $ref.replace('#/components/schemas/', '#/$defs/') }),
    ...(items === undefined ? {} : { items: closed(items) }),
    ...(anyOf === undefined ? {} : { anyOf: anyOf.map(closed) }),
    ...(properties === undefined
      ? {}
      : {
          properties: Object.fromEntries(
            Object.entries(properties).map(([name, value]) => [name, closed(value)]),
          ),
          additionalProperties: false as const,
        }),
  }
}

/**
 * A nullable field as `anyOf` branches of one `type` each: a type list is JSON Schema, but a
 * client that maps tool schemas onto a one-type dialect (Gemini's function declarations) may
 * drop it; the MCP Inspector's `--strict` check warns of it.
 */
function nullable(schema: JsonSchema): ToolSchemaNode {
  const { type, enum: values, description, title, ...rest } = schema
  const types = (type as JsonType[]).filter((one) => one !== 'null')
  const kept = values?.filter((value) => value !== null)
  const branches = types.map((one) =>
    closed({ ...rest, type: one, ...(kept ? { enum: kept } : {}) } as JsonSchema),
  )
  return {
    ...(title === undefined ? {} : { title }),
    ...(description === undefined ? {} : { description }),
    anyOf: [...branches, { type: 'null' }],
  }
}
