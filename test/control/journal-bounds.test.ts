import { describe, expect, it } from 'vitest'
import { createJournal, type JournalRecord } from '../../src/control/journal/journal.ts'
import {
  journalHeadersLimit,
  journalUrlLimit,
  journalWarningsLimit,
} from '../../src/control/journal/journal-slot.ts'
import { buildApp } from '../support/index.ts'
import { containersPath, floodBody, floodRequest } from '../robustness/flood-bodies.ts'

// Issue 13, finding 3: the journal bounded its entry count but not its bytes, and kept every
// warning of an entry, so 500 entries of a warning flood held gigabytes. Now each entry's texts
// are cut and all entries together stay within a byte budget.

function record(overrides: Partial<JournalRecord> = {}): JournalRecord {
  return {
    startedAt: Date.UTC(2026, 10, 21, 12, 0, 0),
    session: null,
    source: 'mock',
    method: 'POST',
    url: 'http://127.0.0.1:3000/RestApi/x',
    format: 'json',
    status: 200,
    statusText: '',
    durationMs: 1,
    delayMs: 0,
    fault: null,
    warnings: [],
    requestHeaders: ['Content-Type', 'application/json'],
    requestText: '{}',
    responseHeaders: { 'Content-Type': 'application/json; charset=utf-8' },
    responseText: '{}',
    ...overrides,
  }
}

const big = 'x'.repeat(100_000)

describe('a journal entry', () => {
  it('keeps a few KB of warnings, ending with how many more there were', () => {
    const journal = createJournal(2)
    const warnings = Array.from({ length: 100 }, (_, i) => `warning ${i} ${'w'.repeat(200)}`)
    journal.add(record({ warnings, warningCount: 500_000 }))
    const [entry] = journal.entries()
    expect(entry?.warnings.join('; ').length).toBeLessThanOrEqual(journalWarningsLimit)
    const kept = (entry?.warnings.length ?? 0) - 1
    expect(entry?.warnings.at(-1)).toBe(`… and ${500_000 - kept} more`)
    expect(entry?.warnings[0]).toBe(warnings[0])
  })

  it('keeps a long URL and long request headers cut, saying so', () => {
    const journal = createJournal(2)
    const headers = Array.from({ length: 100 }, (_, i) => [`X-H${i}`, 'v'.repeat(200)]).flat()
    journal.add(
      record({ url: `http://127.0.0.1:3000/RestApi/x?q=${big}`, requestHeaders: headers }),
    )
    const [entry] = journal.entries()
    expect(entry?.url.length).toBeLessThanOrEqual(journalUrlLimit)
    expect(entry?.url.endsWith('…')).toBe(true)
    const text = entry?.requestHeaders.map(([name, value]) => name + value).join('') ?? ''
    expect(text.length).toBeLessThanOrEqual(journalHeadersLimit)
    const note = entry?.requestHeaders.find(([name]) => name === 'x-mock-journal')?.[1]
    expect(note).toMatch(/^\d+ more headers left out of the journal$/)
  })
})

describe('the journal as a whole', () => {
  it('holds no more than its byte budget, dropping the oldest entries first', () => {
    const journal = createJournal(500, 256 * 1024)
    for (let i = 1; i <= 300; i++) {
      journal.add(record({ requestText: `${i} ${big}`, responseText: big }))
    }
    expect(journal.bytes).toBeLessThanOrEqual(256 * 1024)
    const entries = journal.entries()
    expect(entries.length).toBeGreaterThan(0)
    expect(entries.length).toBeLessThan(300)
    expect(entries.at(-1)?.id).toBe(300)
    expect(entries.map((entry) => entry.id)).toEqual(
      Array.from({ length: entries.length }, (_, i) => 300 - entries.length + 1 + i),
    )
  })

  it('gives the room back once small entries follow large ones', () => {
    const journal = createJournal(50)
    for (let i = 0; i < 50; i++) journal.add(record({ requestText: big, responseText: big }))
    const flooded = journal.bytes
    for (let i = 0; i < 50; i++) journal.add(record())
    expect(journal.entries()).toHaveLength(50)
    expect(journal.bytes).toBeLessThan(flooded / 8)
    journal.clear()
    expect(journal.bytes).toBe(0)
  })

  it('stays within its budget after a flood of 1 MB requests, and ?limit=50 stays small', async () => {
    const { app, mock } = buildApp({ journalBytes: 256 * 1024 })
    const flood = floodBody('json', 50, 9_999)
    for (let i = 0; i < 20; i++) await app.request(containersPath, floodRequest(flood))
    expect(mock.control.journal.bytes).toBeLessThanOrEqual(256 * 1024)
    const journal = await app.request('/__mock/journal?limit=50')
    expect((await journal.text()).length).toBeLessThan(256 * 1024)
  })

  it('refuses a byte budget too small for one entry', () => {
    expect(() => createJournal(10, 1000)).toThrow(/byte budget/)
  })
})
