import type { SettingsDocument } from '../../control/index.ts'
import { formats } from '../../wire/index.ts'
import type { ControlClient } from './control-client.ts'

/** One resource: what `resources/list` shows of it, and how its text is read from the mock. */
export interface McpResource {
  readonly uri: string
  readonly name: string
  readonly description: string
  readonly mimeType: string
  read(call: ControlClient): Promise<string>
}

/** The part of an OpenAPI document the operations table reads. */
interface OpenApiDocument {
  readonly paths: Readonly<
    Record<
      string,
      Readonly<
        Record<
          string,
          {
            readonly operationId?: string
            readonly summary?: string
            readonly requestBody?: { readonly content?: Readonly<Record<string, unknown>> }
            readonly responses?: Readonly<
              Record<string, { readonly content?: Readonly<Record<string, unknown>> }>
            >
          }
        >
      >
    >
  >
}

async function basePath(call: ControlClient): Promise<string> {
  return ((await call({ method: 'GET', path: '/__mock/settings' })).data as SettingsDocument)
    .basePath
}

/** The resources an agent writing a client reads: the DTOs and operations, from the mock. */
export const mcpResources: readonly McpResource[] = [
  {
    uri: 'restapi-mock://openapi.json',
    name: 'OpenAPI document',
    description:
      "OpenAPI 3.1 of the mock's operations, with every DTO's JSON Schema (from the model's field tables) and each wire format's media type.",
    mimeType: 'application/json',
    read: async (call) => (await call({ method: 'GET', path: '/__mock/openapi.json' })).text,
  },
  {
    uri: 'restapi-mock://types/typescript',
    name: 'TypeScript types',
    description:
      "ServiceStack's native TypeScript types of the DTOs (/types/typescript), as typescript-ref writes them for a JsonServiceClient.",
    mimeType: 'text/plain',
    read: async (call) =>
      (await call({ method: 'GET', path: `${await basePath(call)}/types/typescript` })).text,
  },
  {
    uri: 'restapi-mock://operations',
    name: 'Operations and formats',
    description:
      'The operations as a table: method, path, request DTO, what it does, the formats it reads and answers in (chosen by Accept, a path extension such as .json, or ?format=).',
    mimeType: 'text/markdown',
    read: async (call) => {
      const document = (await call({ method: 'GET', path: '/__mock/openapi.json' }))
        .data as OpenApiDocument
      return operationsTable(document)
    },
  },
]

/** The operations of an OpenAPI document as a Markdown table. */
export function operationsTable(document: OpenApiDocument): string {
  const rows = [
    '| Method | Path | Request DTO | What it does | Reads | Answers |',
    '|---|---|---|---|---|---|',
  ]
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (typeof operation !== 'object' || operation === null || !('responses' in operation))
        continue
      const reads = Object.keys(operation.requestBody?.content ?? {}).join(', ')
      const answers = Object.keys(operation.responses?.['200']?.content ?? {}).join(', ')
      rows.push(
        `| ${method.toUpperCase()} | \`${path}\` | ${operation.operationId ?? ''} | ${operation.summary ?? ''} | ${reads} | ${answers} |`,
      )
    }
  }
  return [
    '# Operations',
    '',
    ...rows,
    '',
    `Formats: ${formats.join(', ')}, chosen by the Accept header, a path extension (\`.json\`) ` +
      'or `?format=json`; a request body is read by its Content-Type.',
    '',
    'Errors answer ServiceStack\'s ResponseStatus ({"ResponseStatus":{"ErrorCode","Message","Errors":[{"FieldName","Message"}]}}) in the negotiated format.',
    '',
  ].join('\n')
}
