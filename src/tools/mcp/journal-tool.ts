import { compileGlob, type JournalDocument, type JournalEntry } from '../../control/index.ts'
import type { McpTool } from './mcp-tool.ts'
import { objectSchema } from './tool-schema.ts'

/** What a journal filter asks for: every member optional, as the tool's input has them. */
export interface JournalFilter {
  readonly path?: string
  readonly status?: number | string
  /** A session's id; null for the shared state's own requests. */
  readonly session?: string | null
}

/**
 * The entries a filter keeps: `path` a pattern matched against the URL's path (`*` any run of
 * characters, any case, as fault rules match), `status` one status (404) or a class (`4xx`).
 */
export function filterJournal(
  entries: readonly JournalEntry[],
  filter: JournalFilter,
): JournalEntry[] {
  const pathMatches = filter.path === undefined ? undefined : compileGlob(filter.path)
  const status = filter.status
  return entries.filter((entry) => {
    if (pathMatches && !pathMatches(pathOf(entry.url).toLowerCase())) return false
    if (typeof status === 'number' && entry.status !== status) return false
    if (typeof status === 'string' && String(entry.status)[0] !== status[0]) return false
    return filter.session === undefined || entry.session === filter.session
  })
}

function pathOf(url: string): string {
  try {
    return new URL(url, 'http://mock').pathname
  } catch {
    return url
  }
}

/** An entry as the agent reads it: what happened and why, its bodies only when asked for. */
function summary(entry: JournalEntry, bodies: boolean): Record<string, unknown> {
  const {
    requestHeaders,
    responseHeaders,
    requestBody,
    responseBody,
    requestBytes: _requestBytes,
    responseBytes: _responseBytes,
    ...rest
  } = entry
  return bodies ? { ...rest, requestHeaders, requestBody, responseHeaders, responseBody } : rest
}

/** `mock_journal`: the last requests the mock answered, filtered. */
export const journalTool: McpTool = {
  name: 'mock_journal',
  description:
    'The last requests the mock answered (newest last): method, URL, status, format, the fault ' +
    'applied, and warnings (what the mock ignored or could not read, a near miss: why a request ' +
    'found no operation). Filter by path (* for any run of characters), status (404, or 4xx) and ' +
    'session (null: the shared state). Secrets are redacted. bodies: true adds headers and bodies.',
  annotations: { readOnlyHint: true },
  inputSchema: objectSchema({
    limit: { type: 'integer', minimum: 1, maximum: 10_000, default: 20 },
    path: {
      type: 'string',
      description: 'A path pattern, e.g. /RestApi/comments-api/* or *comments*.',
    },
    status: {
      anyOf: [
        { type: 'integer', minimum: 100, maximum: 599 },
        { type: 'string', enum: ['1xx', '2xx', '3xx', '4xx', '5xx'] },
      ],
    },
    session: {
      anyOf: [{ type: 'string' }, { type: 'null' }],
      description: "One session's requests; null: no session's.",
    },
    bodies: { type: 'boolean', default: false },
  }),
  async run(input, { call }) {
    const answer = await call({ method: 'GET', path: '/__mock/journal' })
    const document = answer.data as JournalDocument
    const kept = filterJournal(document.entries, input as JournalFilter)
    const limit = (input.limit as number | undefined) ?? 20
    const entries = kept.slice(Math.max(0, kept.length - limit))
    return {
      value: {
        matching: kept.length,
        capacity: document.capacity,
        entries: entries.map((entry) => summary(entry, input.bodies === true)),
      },
    }
  },
}
