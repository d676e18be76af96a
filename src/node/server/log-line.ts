import { formatLists, type Exchange } from '../../wire/index.ts'

// One request's line in the log: what it asked, how it was answered, and nothing it can forge.

// The negotiated types exactly as written (the format registry's), found without parsing, and the
// two answers that are no format; a Map, so that a user handler's type such as `constructor`
// finds nothing.
const formatNames: ReadonlyMap<string, string> = new Map<string, string>([
  ...formatLists.logNames,
  ['text/javascript', 'jsonp'],
  ['text/plain', 'text'],
])

/**
 * `PUT /RestApi/comments-api/comments json 200 1.3ms`, plus the mock's warnings if any. The
 * Response's headers are read only where the exchange does not say (control routes, preflights,
 * a user's handler): on the Node server reading them costs a copy of the answer's headers, a
 * tenth of a forwarded request. An operation's context says the type and warnings; an answer
 * without one (a fallback's, the host's 404) has its head in the exchange.
 */
export function formatLogLine(
  request: Request,
  response: Response,
  ms: number,
  exchange?: Exchange | null,
): string {
  // The path and query, without parsing the whole URL again.
  const href = request.url
  const path = href.slice(href.indexOf('/', href.indexOf('//') + 2))
  const ctx = exchange?.ctx
  const head = exchange?.answer?.headers
  const contentType = ctx
    ? ctx.negotiated.contentType
    : answerHeader(head, response, 'Content-Type')
  const format = (contentType && formatNames.get(contentType)) || labelOf(contentType)
  const warning = ctx
    ? ctx.warnings.count > 0
      ? ctx.warnings.list.join('; ')
      : null
    : answerHeader(head, response, 'X-Mock-Warning')
  return safeLogLine(
    `${request.method} ${path} ${format} ${response.status} ${ms.toFixed(1)}ms${warning ? ` warning: ${warning}` : ''}`,
  )
}

/**
 * A header of the answer: from the head its exchange kept, where the mock writes the name as
 * given and a fallback's answer has it in lower case (as undici and a HAR file give it), else
 * from the Response.
 */
function answerHeader(
  head: Readonly<Record<string, string>> | undefined,
  response: Response,
  name: 'Content-Type' | 'X-Mock-Warning',
): string | null {
  if (!head) return response.headers.get(name)
  return head[name] ?? head[name.toLowerCase()] ?? null
}

/**
 * A line for a connection the mock dropped: a simulated network fault's, or an answer cut short
 * after its head was sent (`PUT /RestApi/… network fault (connection dropped)`).
 */
export function formatFaultLine(request: Request, what: string): string {
  return safeLogLine(`${request.method} ${new URL(request.url).pathname} ${what}`)
}

/** The longest line the log writes for one request, in characters; what is cut is counted. */
export const maxLogLineChars = 4096

// C0 and C1 controls and DEL, the Unicode line and paragraph separators and the bidirectional
// overrides: what a terminal obeys (ESC clears the screen), breaks a line at, or reorders.
// eslint-disable-next-line no-control-regex -- control characters are what it looks for.
const unsafeCharacter = /[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/
const namedEscapes: ReadonlyMap<number, string> = new Map([
  [9, '\\t'],
  [10, '\\n'],
  [13, '\\r'],
])

/**
 * A log line a request cannot forge: control characters from the request (its method, URL,
 * warnings about its body) are written as escapes (`\x1b`, `\n`), so each request stays one
 * line on the terminal and cannot move the cursor or clear the screen; and the line is cut at
 * `maxLogLineChars` with `… and N more chars`. Backslashes stay as they are, for readable paths.
 * @example safeLogLine('GET /a\nGET /b json 200 0.1ms') // 'GET /a\\nGET /b json 200 0.1ms'
 */
export function safeLogLine(line: string): string {
  if (line.length <= maxLogLineChars && !unsafeCharacter.test(line)) return line
  let text = ''
  let i = 0
  for (; i < line.length; i++) {
    const code = line.charCodeAt(i)
    const piece = isUnsafe(code) ? escapeOf(code) : (line[i] as string)
    if (text.length + piece.length > maxLogLineChars) break
    text += piece
  }
  if (i === line.length) return text
  // A character outside the BMP is not cut in half.
  if (/[\ud800-\udbff]$/.test(text)) {
    text = text.slice(0, -1)
    i--
  }
  return `${text}… and ${line.length - i} more chars`
}

/** The same set as `unsafeCharacter`, for one UTF-16 unit. */
function isUnsafe(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x2028 ||
    code === 0x2029 ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  )
}

function escapeOf(code: number): string {
  const named = namedEscapes.get(code)
  if (named) return named
  return code < 0x100
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`
}

function labelOf(contentType: string | null): string {
  const type = (contentType ?? '').split(';', 1)[0] ?? ''
  return formatNames.get(type.trim().toLowerCase()) ?? (type || '-')
}
