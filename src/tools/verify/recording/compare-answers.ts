import { readBodyShape, type ReadBody } from './body-shape.ts'
import { errorDifferences } from './compare-error.ts'
import { compareShape } from './compare-shape.ts'
import { absent, type Difference, type Ignored } from './difference.ts'

/** One answer as verify reads it: the recorded one, or the mock's. */
export interface AnswerView {
  readonly status: number
  readonly statusText: string
  readonly headers: readonly (readonly [string, string])[]
  /** The body as text; null when the recording did not keep it. */
  readonly body: string | null
}

/**
 * The headers ServiceStack itself writes on a REST answer (servicestack-wire.md 2.2 and 2.3):
 * `Vary: Accept` and `X-Powered-By` from `HostConfig.GlobalResponseHeaders` (SS5
 * `HostConfig.cs` l.64–67; Sitefinity removes X-Powered-By), and CSV's `Content-Disposition`
 * (SS5 `Formats/CsvFormat.cs`). The web server's own (`Date`, `Server`, `Content-Length`,
 * `Set-Cookie`…) are not ServiceStack's and are not compared.
 */
export const serviceStackHeaders = ['vary', 'x-powered-by', 'content-disposition'] as const

/** `Vary` values the web server adds in front of ServiceStack: IIS's compression, CORS. */
const webServerVary = new Set(['accept-encoding', 'origin'])

export interface CompareOptions {
  readonly ignored: Ignored
  /** The standard reason phrase of a status (what an HTTP server writes when given none). */
  readonly reasonPhrase: (status: number) => string | undefined
}

/** One comparison under way: the two answers, and what it has found so far. */
interface Comparison {
  readonly recorded: AnswerView
  readonly mock: AnswerView
  readonly options: CompareOptions
  readonly recordedType: string | undefined
  readonly mockType: string | undefined
  readonly differences: Difference[]
  readonly notes: string[]
}

/** How the mock's answer differs from the recorded one, and what could not be compared. */
export function compareAnswers(
  recorded: AnswerView,
  mock: AnswerView,
  options: CompareOptions,
): { differences: Difference[]; notes: string[] } {
  const comparison: Comparison = {
    recorded,
    mock,
    options,
    recordedType: contentType(recorded),
    mockType: contentType(mock),
    differences: [],
    notes: [],
  }
  compareStatus(comparison)
  compareContentType(comparison)
  compareHeaders(comparison)
  compareBodies(comparison)
  return { differences: comparison.differences, notes: comparison.notes }
}

function compareStatus({ recorded, mock, options, differences, notes }: Comparison): void {
  if (recorded.status !== mock.status) {
    differences.push({
      part: 'status',
      field: 'status',
      recorded: String(recorded.status),
      mock: String(mock.status),
      says: `the status is ${recorded.status} in the recording, ${mock.status} from the mock`,
    })
  } else if (recorded.statusText === '') {
    // HTTP/2 has no reason phrase (DevTools records it empty), nor has an answer in process.
    notes.push('the recording has no reason phrase (HTTP/2, or an answer in process): not compared')
  } else {
    // In process a standard phrase is empty; over HTTP the server writes the standard one.
    const mockReason = mock.statusText || (options.reasonPhrase(mock.status) ?? '')
    if (mockReason !== recorded.statusText && !options.ignored('reason', 'reason')) {
      differences.push({
        part: 'reason',
        field: 'reason phrase',
        recorded: recorded.statusText,
        mock: mockReason,
        says: `the reason phrase is "${recorded.statusText}" in the recording, "${mockReason}" from the mock`,
      })
    }
  }
}

function compareContentType({ recordedType, mockType, options, differences }: Comparison): void {
  if (recordedType !== mockType && !options.ignored('content-type', 'content-type')) {
    differences.push({
      part: 'content type',
      field: 'Content-Type',
      recorded: recordedType ?? absent,
      mock: mockType ?? absent,
      says: `the content type is ${recordedType ?? 'absent'} in the recording, ${mockType ?? 'absent'} from the mock`,
    })
  }
}

function compareHeaders({ recorded, mock, options, differences }: Comparison): void {
  for (const name of serviceStackHeaders) {
    if (options.ignored(name, name)) continue
    const a = normalHeader(name, header(recorded, name))
    const b = normalHeader(name, header(mock, name))
    if (a !== b) {
      differences.push({
        part: 'header',
        field: name,
        recorded: a ?? absent,
        mock: b ?? absent,
        says: `the ${name} header is ${a === undefined ? 'absent' : `"${a}"`} in the recording, ${b === undefined ? 'absent' : `"${b}"`} from the mock`,
      })
    }
  }
}

function compareBodies(comparison: Comparison): void {
  const { recorded, mock, recordedType, mockType, differences, notes } = comparison
  if (recorded.body === null) {
    notes.push('the recording did not keep the body whole: not compared')
    return
  }
  const recordedBody = readBodyShape(recorded.body, recordedType ?? '')
  const mockBody = readBodyShape(mock.body ?? '', mockType ?? '')
  if ('problem' in recordedBody || 'problem' in mockBody) {
    unreadBody(comparison, recordedBody, mockBody)
    return
  }
  if (recordedBody.root !== mockBody.root) {
    differences.push({
      part: 'body',
      field: '(root)',
      recorded: `<${recordedBody.root ?? ''}>`,
      mock: `<${mockBody.root ?? ''}>`,
      says: `the root element is <${recordedBody.root ?? ''}> in the recording, <${mockBody.root ?? ''}> in the mock's answer`,
    })
  }
  const { ignored } = comparison.options
  const path = recordedBody.root ?? ''
  differences.push(...errorDifferences(recordedBody.shape, mockBody.shape, path, ignored))
  differences.push(...compareShape(recordedBody.shape, mockBody.shape, { path: '', ignored }))
}

/** One body or both did not read: a difference when only one did, else a note. */
function unreadBody(comparison: Comparison, recordedBody: ReadBody, mockBody: ReadBody): void {
  const { differences, notes } = comparison
  if (recordedBody.format !== undefined && 'problem' in recordedBody && !('problem' in mockBody)) {
    differences.push({
      part: 'body',
      field: '(body)',
      recorded: recordedBody.problem,
      mock: mockBody.format.toUpperCase(),
      says: `the recorded body is ${recordedBody.problem}`,
    })
  } else if (
    'problem' in mockBody &&
    !('problem' in recordedBody) &&
    mockBody.format !== undefined
  ) {
    differences.push({
      part: 'body',
      field: '(body)',
      recorded: recordedBody.format.toUpperCase(),
      mock: mockBody.problem,
      says: `the mock's body is ${mockBody.problem}`,
    })
  } else if (comparison.recordedType === comparison.mockType) {
    const problem = 'problem' in recordedBody ? recordedBody.problem : 'it does not read'
    notes.push(`the body was not compared: ${problem}`)
  }
}

function header(answer: AnswerView, name: string): string | undefined {
  const values = answer.headers
    .filter(([key]) => key.toLowerCase() === name)
    .map(([, value]) => value)
  return values.length === 0 ? undefined : values.join(', ')
}

/** A content type as compared: lower case, no spaces around its parameters. */
function contentType(answer: AnswerView): string | undefined {
  return header(answer, 'content-type')
    ?.toLowerCase()
    .replace(/\s*;\s*/g, '; ')
    .trim()
}

function normalHeader(name: string, value: string | undefined): string | undefined {
  if (value === undefined || name !== 'vary') return value
  const tokens = value
    .split(',')
    .map((token) => token.trim())
    .filter((token) => token !== '' && !webServerVary.has(token.toLowerCase()))
  return tokens.length === 0 ? undefined : tokens.join(', ')
}
