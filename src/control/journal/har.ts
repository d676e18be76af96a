import type { JournalEntry } from './journal.ts'

/** The journal as an HTTP Archive (HAR 1.2), for browser devtools and HAR viewers. */
export function journalToHar(entries: readonly JournalEntry[], version: string): object {
  return {
    log: {
      version: '1.2',
      creator: { name: 'restapi-mock', version },
      entries: entries.map((entry) => {
        const url = new URL(entry.url)
        const requestType = header(entry.requestHeaders, 'content-type')
        const responseType = header(entry.responseHeaders, 'content-type') ?? ''
        return {
          startedDateTime: entry.time,
          time: entry.durationMs,
          request: {
            method: entry.method,
            url: entry.url,
            httpVersion: 'HTTP/1.1',
            cookies: [],
            headers: entry.requestHeaders.map(([name, value]) => ({ name, value })),
            queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
            ...(entry.requestBody !== null
              ? { postData: { mimeType: requestType ?? '', text: entry.requestBody } }
              : {}),
            headersSize: -1,
            bodySize: entry.requestBody === null ? 0 : entry.requestBytes,
          },
          response: {
            status: entry.status,
            statusText: entry.statusText,
            httpVersion: 'HTTP/1.1',
            cookies: [],
            headers: entry.responseHeaders.map(([name, value]) => ({ name, value })),
            content: {
              size: Math.max(0, entry.responseBytes),
              mimeType: responseType,
              ...(entry.responseBody !== null ? { text: entry.responseBody } : {}),
            },
            redirectURL: '',
            headersSize: -1,
            bodySize: entry.responseBytes,
          },
          cache: {},
          timings: {
            send: 0,
            wait: Math.max(0, entry.durationMs - entry.delayMs),
            receive: 0,
            blocked: entry.delayMs,
          },
          ...(entry.fault ? { comment: `fault: ${entry.fault}` } : {}),
        }
      }),
    },
  }
}

function header(headers: readonly (readonly [string, string])[], name: string): string | undefined {
  return headers.find(([key]) => key.toLowerCase() === name)?.[1]
}
