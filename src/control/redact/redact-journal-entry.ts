import type { JournalEntry } from '../journal/journal-entry.ts'
import { redactBody } from './redact-body.ts'
import { redactHeader } from './redact-header.ts'
import { redactUrl } from './redact-query.ts'
import { hideValues, hideValuesInBody, valuesToHide } from './redact-values.ts'
import {
  builtInSecretNames,
  newRedaction,
  type Redaction,
  type SecretNames,
} from './secret-names.ts'

type HeaderList = JournalEntry['requestHeaders']

/**
 * A journal entry as `/__mock/journal`, `journal.har` and the dashboard show it: the values of
 * secret headers, query parameters and body members redacted as `--record` redacts them, their
 * names kept, so a journal or a HAR can be attached to a bug report. A value hidden by its name
 * is hidden wherever else it appears in the entry too (an answer that echoes a token, an
 * error page that prints the URL), when it has `minHiddenLength` characters or more.
 */
export function redactJournalEntry(
  entry: JournalEntry,
  names: SecretNames = builtInSecretNames,
): JournalEntry {
  const redaction = newRedaction(names)
  const named: JournalEntry = {
    ...entry,
    url: redactUrl(entry.url, redaction),
    requestHeaders: redactHeaders(entry.requestHeaders, redaction),
    requestBody:
      entry.requestBody === null
        ? null
        : redactBody(entry.requestBody, headerOf(entry.requestHeaders, 'content-type'), redaction),
    responseHeaders: redactHeaders(entry.responseHeaders, redaction),
    responseBody:
      entry.responseBody === null
        ? null
        : redactBody(
            entry.responseBody,
            headerOf(entry.responseHeaders, 'content-type'),
            redaction,
          ),
  }
  const values = valuesToHide(redaction.found)
  if (values.length === 0) return named
  const body = (text: string | null, headers: HeaderList): string | null =>
    text === null ? null : hideValuesInBody(text, headerOf(headers, 'content-type'), values)
  return {
    ...named,
    url: hideValues(named.url, values, 'url'),
    requestHeaders: hideInHeaders(named.requestHeaders, values),
    requestBody: body(named.requestBody, named.requestHeaders),
    responseHeaders: hideInHeaders(named.responseHeaders, values),
    responseBody: body(named.responseBody, named.responseHeaders),
  }
}

function redactHeaders(headers: HeaderList, redaction: Redaction): HeaderList {
  return headers.map(([name, value]) => [name, redactHeader(name, value, redaction)] as const)
}

function hideInHeaders(headers: HeaderList, values: readonly string[]): HeaderList {
  return headers.map(
    ([name, value]) => [name, hideValues(value, values, placeOfHeader(name))] as const,
  )
}

/** Headers whose value is a URL: a value hidden there stays a URL. */
export function placeOfHeader(name: string): 'url' | 'text' {
  return /^(?:location|content-location|referer)$/i.test(name) ? 'url' : 'text'
}

function headerOf(headers: HeaderList, name: string): string {
  return headers.find(([key]) => key.toLowerCase() === name)?.[1] ?? ''
}
