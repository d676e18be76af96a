import type { JournalEntry } from '../journal/journal-entry.ts'
import { redactBody } from './redact-body.ts'
import { redactHeader } from './redact-header.ts'
import { redactUrl } from './redact-query.ts'

type HeaderList = JournalEntry['requestHeaders']

/**
 * A journal entry as `/__mock/journal`, `journal.har` and the dashboard show it: the values of
 * secret headers, query parameters and body members redacted as `--record` redacts them, their
 * names kept, so a journal or a HAR can be attached to a bug report.
 */
export function redactJournalEntry(entry: JournalEntry): JournalEntry {
  return {
    ...entry,
    url: redactUrl(entry.url),
    requestHeaders: redactHeaders(entry.requestHeaders),
    requestBody:
      entry.requestBody === null
        ? null
        : redactBody(entry.requestBody, headerOf(entry.requestHeaders, 'content-type')),
    responseHeaders: redactHeaders(entry.responseHeaders),
    responseBody:
      entry.responseBody === null
        ? null
        : redactBody(entry.responseBody, headerOf(entry.responseHeaders, 'content-type')),
  }
}

function redactHeaders(headers: HeaderList): HeaderList {
  return headers.map(([name, value]) => [name, redactHeader(name, value)] as const)
}

function headerOf(headers: HeaderList, name: string): string {
  return headers.find(([key]) => key.toLowerCase() === name)?.[1] ?? ''
}
