import { describe, expect, it } from 'vitest'
import {
  createJournal as createNodeJournal,
  type Journal,
  type JournalRecord,
} from '../../src/control/journal/journal.ts'
import { journalBodyLimit } from '../../src/control/journal/journal-slot.ts'
import { textWriterOf } from '../../src/control/journal/journal-texts.ts'

// The journal copies each request's texts into its ring slot's own bytes and reuses the slot on
// wrap-around: what comes back out must be exactly what went in, whatever was there before.
// Node writes the bytes with Buffer; a service worker has none and uses TextEncoder: both run,
// the writer handed to the journal as it is made.

function record(overrides: Partial<JournalRecord> = {}): JournalRecord {
  return {
    startedAt: Date.UTC(2026, 10, 21, 12, 0, 0),
    session: null,
    source: 'mock',
    method: 'PUT',
    url: 'http://127.0.0.1:3000/RestApi/comments-api/comments',
    format: 'json',
    status: 200,
    statusText: '',
    durationMs: 1.25,
    delayMs: 0,
    fault: null,
    warnings: [],
    requestHeaders: ['Host', '127.0.0.1:3000', 'Content-Type', 'application/json'],
    requestText: '{"Key":"a"}',
    responseHeaders: { 'Content-Type': 'application/json; charset=utf-8', Vary: 'Accept' },
    responseText: '{"Key":"a","Message":"hi"}',
    ...overrides,
  }
}

describe.each([
  ['Node', textWriterOf(globalThis)],
  ['a service worker', textWriterOf({})],
])('the journal ring, as in %s', (_where, writer) => {
  const createJournal = (capacity: number, maxBytes?: number): Journal =>
    createNodeJournal(capacity, maxBytes, writer)

  it('gives back every field of an entry as it was recorded', () => {
    const journal = createJournal(4)
    journal.add(
      record({
        warnings: ['Unknown field Foo ignored'],
        fault: 'code=503 (Prefer)',
        status: 503,
        statusText: 'ServiceUnavailable',
        delayMs: 20,
      }),
    )
    expect(journal.entries()).toEqual([
      {
        id: 1,
        time: '2026-11-21T12:00:00.000Z',
        session: null,
        source: 'mock',
        method: 'PUT',
        url: 'http://127.0.0.1:3000/RestApi/comments-api/comments',
        format: 'json',
        status: 503,
        statusText: 'ServiceUnavailable',
        durationMs: 1.25,
        delayMs: 20,
        fault: 'code=503 (Prefer)',
        warnings: ['Unknown field Foo ignored'],
        nearMiss: false,
        requestHeaders: [
          ['content-type', 'application/json'],
          ['host', '127.0.0.1:3000'],
        ],
        requestBody: '{"Key":"a"}',
        requestBytes: 11,
        responseHeaders: [
          ['content-type', 'application/json; charset=utf-8'],
          ['vary', 'Accept'],
        ],
        responseBody: '{"Key":"a","Message":"hi"}',
        responseBytes: 26,
      },
    ])
  })

  it('keeps text outside ASCII whole, and counts its UTF-8 bytes', () => {
    const journal = createJournal(2)
    const message = '{"Message":"Grüße, 日本, 🎉"}'
    journal.add(
      record({
        url: 'http://127.0.0.1:3000/RestApi/comments-api/comments?q=%C3%BC',
        requestText: message,
        responseText: message,
      }),
    )
    const [entry] = journal.entries()
    expect(entry?.url).toBe('http://127.0.0.1:3000/RestApi/comments-api/comments?q=%C3%BC')
    expect(entry?.requestBody).toBe(message)
    expect(entry?.requestBytes).toBe(new TextEncoder().encode(message).length)
    expect(entry?.responseBytes).toBe(new TextEncoder().encode(message).length)
  })

  it('reuses a slot for a small entry after a large one without leaking the old bytes', () => {
    const journal = createJournal(1)
    const large = 'x'.repeat(journalBodyLimit)
    journal.add(record({ requestText: large, responseText: large }))
    expect(journal.entries()[0]?.requestBody).toBe(large)
    journal.add(record({ requestText: 'small', responseText: 'ok', requestHeaders: [] }))
    const [entry] = journal.entries()
    expect(entry).toMatchObject({
      id: 2,
      requestBody: 'small',
      requestBytes: 5,
      responseBody: 'ok',
      responseBytes: 2,
      requestHeaders: [],
    })
  })

  it('grows a slot for an entry larger than any before, and cuts bodies past the limit', () => {
    const journal = createJournal(2)
    journal.add(record())
    const long = `${'é'.repeat(journalBodyLimit)}tail`
    journal.add(record({ requestText: long, responseText: long }))
    const [, entry] = journal.entries()
    expect(entry?.requestBody).toBe(`${'é'.repeat(journalBodyLimit)}… (4 more characters)`)
    // The count is of the whole body, as sent, not of the text kept.
    expect(entry?.requestBytes).toBe(journalBodyLimit * 2 + 4)
    expect(entry?.responseBytes).toBe(journalBodyLimit * 2 + 4)
  })

  it('tells a missing body from an empty one, and a network error from no headers', () => {
    const journal = createJournal(3)
    journal.add(record({ requestText: null, responseText: '', responseHeaders: {} }))
    journal.add(record({ status: 0, responseHeaders: null, responseText: null }))
    const [first, second] = journal.entries()
    expect(first).toMatchObject({ requestBody: null, requestBytes: -1, responseBody: '' })
    expect(first?.responseBytes).toBe(0)
    expect(first?.responseHeaders).toEqual([])
    expect(second).toMatchObject({ responseBody: null, responseBytes: -1, responseHeaders: [] })
  })

  it('lists request and answer headers as Headers does: lower-case, sorted, repeats joined', () => {
    const journal = createJournal(3)
    // Node's parser gives each header byte as one character: `é` here is the byte 0xE9.
    const raw = [
      'X-Tag',
      'a',
      'Accept',
      'text/csv',
      'x-tag',
      'b',
      ':path',
      '/pseudo',
      'X-Name',
      'caf\u00e9',
    ]
    journal.add(record({ requestHeaders: raw }))
    journal.add(record({ requestHeaders: raw, responseHeaders: { Vary: 'Accept', 'X-B': '1' } }))
    const [fromRaw, withAnswer] = journal.entries()
    const expected = [
      ['accept', 'text/csv'],
      ['x-name', 'caf\u00e9'],
      ['x-tag', 'a, b'],
    ]
    expect(fromRaw?.requestHeaders).toEqual(expected)
    expect(withAnswer?.responseHeaders).toEqual([
      ['vary', 'Accept'],
      ['x-b', '1'],
    ])
  })

  it('wraps around oldest first, honours limit, and starts over after clear', () => {
    const journal = createJournal(3)
    for (let i = 1; i <= 7; i++) journal.add(record({ requestText: `body ${i}` }))
    expect(journal.entries().map((entry) => [entry.id, entry.requestBody])).toEqual([
      [5, 'body 5'],
      [6, 'body 6'],
      [7, 'body 7'],
    ])
    expect(journal.entries(2).map((entry) => entry.id)).toEqual([6, 7])
    expect(journal.entries(0)).toEqual([])
    journal.clear()
    expect(journal.entries()).toEqual([])
    journal.add(record({ requestText: 'after' }))
    expect(journal.entries().map((entry) => [entry.id, entry.requestBody])).toEqual([[8, 'after']])
  })
})

describe('the journal with the web text writer (the service worker has no Buffer)', () => {
  it('keeps and lists an entry as the Node writer does', () => {
    const web = createNodeJournal(2, undefined, textWriterOf({}))
    const node = createNodeJournal(2)
    const entry = record({
      url: 'http://127.0.0.1/RestApi/x?q=é',
      requestHeaders: ['X-Name', 'caf\u00e9'],
      requestText: 'body é ✓',
    })
    web.add(entry)
    node.add(entry)
    const [fromWeb] = web.entries()
    expect(fromWeb).toMatchObject({ url: entry.url, requestBody: 'body é ✓' })
    expect(fromWeb?.requestHeaders).toEqual([['x-name', 'caf\u00e9']])
    // Made at the same instant from the same record, the two lists are equal in every field.
    expect(web.entries()).toEqual(node.entries())
  })
})
