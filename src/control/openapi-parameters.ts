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
 * An operation's parameters: its route's path variables (their examples from the operation's
 * own), then the query options of every one.
 */
export function operationParameters(
  operation: Pick<Operation, 'route' | 'example'>,
): OpenApiParameter[] {
  return [...pathParameters(operation), ...queryParameters]
}

function pathParameters({
  route,
  example: sample,
}: Pick<Operation, 'route' | 'example'>): OpenApiParameter[] {
  return Array.from(route.matchAll(/\{([^}]+)\}/g), (match) => {
    const name = match[1] ?? ''
    const example = sample.path?.[name]
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
