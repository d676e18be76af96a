export type LogWriter = (text: string) => void

/**
 * A batched line logger: lines queue up and go out in one write per event-loop turn, so
 * logging never sits on the hot path of a request.
 */
export function createRequestLog(write: LogWriter): (line: string) => void {
  let queue: string[] = []
  let scheduled = false
  const flush = (): void => {
    scheduled = false
    const lines = queue
    queue = []
    write(`${lines.join('\n')}\n`)
  }
  return (line) => {
    queue.push(line)
    if (!scheduled) {
      scheduled = true
      setImmediate(flush)
    }
  }
}

const formatNames: Record<string, string> = {
  'application/json': 'json',
  'application/xml': 'xml',
  'application/jsv': 'jsv',
  'text/csv': 'csv',
  'text/html': 'html',
  'text/javascript': 'jsonp',
  'text/plain': 'text',
}

/** `PUT /RestApi/comments-api/comments json 200 1.3ms`, plus the mock's warnings if any. */
export function formatLogLine(request: Request, response: Response, ms: number): string {
  // The path and query, without parsing the whole URL again.
  const href = request.url
  const path = href.slice(href.indexOf('/', href.indexOf('//') + 2))
  const type = (response.headers.get('content-type') ?? '').split(';', 1)[0] ?? ''
  const format = formatNames[type.trim().toLowerCase()] ?? (type || '-')
  const warning = response.headers.get('x-mock-warning')
  return `${request.method} ${path} ${format} ${response.status} ${ms.toFixed(1)}ms${warning ? ` warning: ${warning}` : ''}`
}
