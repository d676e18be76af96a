import type { DispatchReport } from './wire/index.ts'

export type LogWriter = (text: string) => void

/** How long lines wait to be written together: a person reading the log cannot tell. */
const flushIntervalMs = 50

/**
 * A batched line logger: lines queue up and go out together at most every 50 ms. Each write
 * to a terminal or pipe is a system call that also wakes the reader; under load, one per
 * request cost about a tenth of the throughput.
 */
export function createRequestLog(write: LogWriter): (line: string) => void {
  let queue: string[] = []
  let timer: ReturnType<typeof setTimeout> | undefined
  const flush = (): void => {
    timer = undefined
    if (queue.length === 0) return
    const lines = queue
    queue = []
    write(`${lines.join('\n')}\n`)
  }
  // Lines still queued when the process exits are written then, not lost.
  process.once('exit', flush)
  return (line) => {
    queue.push(line)
    timer ??= setTimeout(flush, flushIntervalMs)
  }
}

const formatNames: Record<string, string> = {
  // The negotiated types exactly as written, found without parsing.
  'application/json; charset=utf-8': 'json',
  'application/json': 'json',
  'application/xml': 'xml',
  'application/jsv': 'jsv',
  'text/csv': 'csv',
  'text/html': 'html',
  'text/javascript': 'jsonp',
  'text/plain': 'text',
}

/**
 * `PUT /RestApi/comments-api/comments json 200 1.3ms`, plus the mock's warnings if any. With the
 * dispatch's report the answer's headers are never read (on the Node server that would cost a
 * copy of every answer); without one (control routes, preflights) they are.
 */
export function formatLogLine(
  request: Request,
  response: Response,
  ms: number,
  report?: DispatchReport,
): string {
  // The path and query, without parsing the whole URL again.
  const href = request.url
  const path = href.slice(href.indexOf('/', href.indexOf('//') + 2))
  const reported = report?.contentType != null
  const contentType = reported ? report.contentType : response.headers.get('content-type')
  const format = (contentType && formatNames[contentType]) || labelOf(contentType)
  const warning = reported
    ? report.warnings.length > 0
      ? report.warnings.join('; ')
      : null
    : response.headers.get('x-mock-warning')
  return `${request.method} ${path} ${format} ${response.status} ${ms.toFixed(1)}ms${warning ? ` warning: ${warning}` : ''}`
}

function labelOf(contentType: string | null): string {
  const type = (contentType ?? '').split(';', 1)[0] ?? ''
  return formatNames[type.trim().toLowerCase()] ?? (type || '-')
}
