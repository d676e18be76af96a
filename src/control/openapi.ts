import { ErrorResponse, ResponseError, ResponseStatus } from '../model/index.ts'
import type { Store } from '../store/index.ts'
import {
  errorStatuses,
  formats,
  type ErrorStatus,
  type HttpMethod,
  type Operation,
} from '../wire/index.ts'
import {
  answerContent,
  bodyContent,
  createDtoSchemas,
  type JsonSchema,
  type MediaTypes,
} from './dto-schemas.ts'
import { operationParameters, type OpenApiParameter } from './openapi-parameters.ts'

// The OpenAPI 3.1 document of the operations (decisions.md section 6), built from the same
// operations and DTO field tables the resolvers use, so it cannot drift from what is served;
// each operation's summary, errors and path examples come from its defineOperation (and its
// sample, drawn from a seeded store).

export interface OpenApiDocument {
  openapi: '3.1.0'
  info: { title: string; version: string; description: string }
  servers: { url: string }[]
  paths: Record<string, OpenApiPathItem>
  components: { schemas: Record<string, JsonSchema> }
}

export type OpenApiPathItem = Partial<Record<Lowercase<HttpMethod>, OpenApiOperation>>

export interface OpenApiOperation {
  operationId: string
  summary: string
  parameters: OpenApiParameter[]
  requestBody: { description: string; required: boolean; content: MediaTypes }
  responses: Record<string, OpenApiResponse>
}

export interface OpenApiResponse {
  description: string
  headers?: Record<string, { description: string; schema: JsonSchema }>
  content: MediaTypes
}

export interface OpenApiInput {
  readonly operations: readonly Operation[]
  /** Where the service lives, as in the mock's config: `/RestApi`. */
  readonly basePath: string
  /** The server's URL; default `/` (the host that serves the document). */
  readonly serverUrl?: string
  readonly title?: string
  readonly version?: string
  /**
   * A store seeded afresh (never the one requests change), which the operations' samples are
   * drawn from: a path variable bound to a request field (`{Key}`) takes its example from it.
   */
  readonly sampleStore?: Store
}

const errorDescriptions: Readonly<Record<ErrorStatus, string>> = {
  '400':
    'The body or query could not be read (SerializationException) or the service refused the ' +
    'input (ArgumentException, ArgumentNullException, …); with `strict` on, also what the real ' +
    'server would drop silently.',
  '404':
    'Not found, in the ServiceStack shape (a fault: `Prefer: code=404`). An unknown path or ' +
    'method is answered with a plain-text `404` instead.',
  '413': "RequestEntityTooLarge: the body is larger than the mock's limit.",
  '500': 'An internal error (or a fault: `Prefer: code=500`), in the ServiceStack shape.',
}

/**
 * The OpenAPI 3.1 document of the operations: paths, parameters, every wire format as a media
 * type, and one schema per DTO generated from its field table.
 * @example const doc = createOpenApiDocument({ operations: mock.operations, basePath: '/RestApi' })
 */
export function createOpenApiDocument(input: OpenApiInput): OpenApiDocument {
  const trimmed = input.basePath.replace(/^\/+|\/+$/g, '')
  const base = trimmed === '' ? '' : `/${trimmed}`
  const paths: Record<string, OpenApiPathItem> = {}
  const ids = new Set<string>()
  for (const operation of input.operations) {
    let id = operation.requestDto.name
    for (let n = 2; ids.has(id); n++) id = `${operation.requestDto.name}${n}`
    ids.add(id)
    const item = (paths[`${base}${operation.route}`] ??= {})
    item[operation.method.toLowerCase() as Lowercase<HttpMethod>] = describeOperation(operation, {
      operationId: id,
      sampleStore: input.sampleStore,
    })
  }
  const roots = input.operations.flatMap((operation) => [
    operation.requestDto,
    operation.responseDto,
  ])
  const names = formats.map((format) => format.toUpperCase())
  return {
    openapi: '3.1.0',
    info: {
      title: input.title ?? 'restapi-mock',
      version: input.version ?? '0.1.0',
      description:
        `A mock that mirrors a CMS's ServiceStack ${base || '/'}. Every operation answers in ` +
        `${names.slice(0, -1).join(', ')} and ${names.at(-1)}, chosen by the Accept header, a ` +
        'path extension (`.json`) or `?format=`. Schemas are generated from the DTO field tables.',
    },
    servers: [{ url: input.serverUrl ?? '/' }],
    paths,
    components: {
      schemas: createDtoSchemas([...roots, ErrorResponse, ResponseStatus, ResponseError]),
    },
  }
}

function describeOperation(
  operation: Operation,
  { operationId, sampleStore }: { operationId: string; sampleStore: Store | undefined },
): OpenApiOperation {
  const { requestDto, responseDto } = operation
  const responses: Record<string, OpenApiResponse> = {
    '200': {
      description: `The ${responseDto.name}, in the negotiated format.`,
      headers: {
        'X-Mock-Warning': {
          description: 'What the mock noticed and let pass (a dropped value, an ignored body).',
          schema: { type: 'string' },
        },
        'Content-Disposition': {
          description: `On CSV answers: attachment;filename="${requestDto.name}.csv".`,
          schema: { type: 'string' },
        },
      },
      content: answerContent(responseDto),
    },
  }
  for (const status of errorStatuses) {
    responses[status] = {
      description: operation.errors[status] ?? errorDescriptions[status],
      content: answerContent(ErrorResponse),
    }
  }
  return {
    operationId,
    summary: operation.summary,
    parameters: operationParameters(operation, sampleStore),
    requestBody: {
      description:
        `The ${requestDto.name} in any readable format, chosen by Content-Type. Fields may also ` +
        'come from the query string or form fields, which override the body.',
      required: false,
      content: bodyContent(requestDto),
    },
    responses,
  }
}
