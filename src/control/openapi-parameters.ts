import type { Store } from '../store/index.ts'
import { formats, type Operation } from '../wire/index.ts'
import type { JsonSchema } from './dto-schemas.ts'

export interface OpenApiParameter {
  name: string
  in: 'path' | 'query'
  required: boolean
  description: string
  schema: JsonSchema
  example?: string
}

/**
 * An operation's parameters: its route's path variables, then the query options of every one.
 * A path variable's example is the operation's own (`example.path`), or else the field of that
 * name in its sample request, drawn from `sampleStore` (a seeded store: the same seed gives the
 * same examples). Without a store, only `example.path` gives examples.
 */
export function operationParameters(
  operation: Pick<Operation, 'route' | 'example'>,
  sampleStore?: Store,
): OpenApiParameter[] {
  return [...pathParameters(operation, sampleStore), ...queryParameters]
}

function pathParameters(
  { route, example: spec }: Pick<Operation, 'route' | 'example'>,
  sampleStore: Store | undefined,
): OpenApiParameter[] {
  const names = Array.from(route.matchAll(/\{([^}]+)\}/g), (match) => match[1] ?? '')
  if (names.length === 0) return []
  const fields = sampleFields(spec, names, sampleStore)
  return names.map((name) => {
    const field = fields[name]
    const example = spec.path?.[name] ?? (typeof field === 'string' ? field : undefined)
    return {
      name,
      in: 'path' as const,
      required: true,
      description: 'A path variable: any value is accepted.',
      schema: { type: 'string' },
      ...(example ? { example } : {}),
    }
  })
}

/** The sample request's fields, drawn only when some path variable has no example of its own. */
function sampleFields(
  spec: Operation['example'],
  names: readonly string[],
  sampleStore: Store | undefined,
): Readonly<Record<string, unknown>> {
  if (!sampleStore || names.every((name) => spec.path?.[name] !== undefined)) return {}
  return spec.sample(sampleStore).request as Readonly<Record<string, unknown>>
}

function queryParameter(name: string, description: string, schema: JsonSchema): OpenApiParameter {
  return { name, in: 'query', required: false, description, schema }
}

const queryParameters: readonly OpenApiParameter[] = [
  queryParameter(
    'format',
    'The answer format; wins over Accept. A path extension (`.csv`) does the same.',
    { type: 'string', enum: [...formats] },
  ),
  queryParameter(
    'callback',
    'JSONP: the JSON answer wrapped as `callback(...)`, served as text/javascript. Only a ' +
      'JavaScript name (or dotted path) is taken.',
    { type: 'string' },
  ),
  queryParameter(
    'jsconfig',
    'Serializer options for JSON, JSV and CSV: comma-separated `key[:value]`, e.g. ' +
      '`EmitCamelCaseNames:true,dh:iso8601,inv` (casing, date handler, IncludeNullValues, ' +
      'ExcludeDefaultValues, TreatEnumAsInteger).',
    { type: 'string' },
  ),
]
