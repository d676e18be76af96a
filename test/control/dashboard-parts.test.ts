import { describe, expect, it } from 'vitest'
import { dashboardParts } from '../../src/tools/dashboard/index.ts'
import type { SessionsDocument } from '../../src/control/control-documents.ts'

// The dashboard's pure parts (no DOM), called as they are: the page inlines the same text.
const { sessionsNote, latencyText, faultText, stateCell } = dashboardParts

const session = {
  id: 's',
  scenario: 'default',
  createdAt: '2026-12-01T10:00:00.000Z',
  lastUsedAt: '2026-12-01T10:00:00.000Z',
  requests: 0,
}

describe('the dashboard parts', () => {
  it('says how many sessions there are, how many are shown and how many are kept', () => {
    const one = { sessions: [session], count: 1, max: 100 } as unknown as SessionsDocument
    expect(sessionsNote(one)).toBe('(1 session, at most 100 kept)')
    const more = { sessions: [session], count: 3, max: 100 } as unknown as SessionsDocument
    expect(sessionsNote(more)).toBe(
      '(3 sessions, the 1 most recently used shown, at most 100 kept)',
    )
  })

  it('writes a latency and a fault rule in one line', () => {
    expect(latencyText(null)).toBe('none')
    expect(latencyText({ min: 200, max: 200 })).toBe('200 ms')
    expect(latencyText({ min: 100, max: 600 })).toBe('100–600 ms')
    const rule = {
      id: 2,
      method: null,
      path: '/RestApi/*',
      status: 503,
      network: false,
      delay: 100,
      probability: 0.5,
      remaining: 3,
    }
    expect(faultText(rule)).toBe(
      '#2 any method /RestApi/*: answers 503, waits 100 ms (50% of requests, 3 left)',
    )
  })

  it('shows a WCF date as UTC text, a list by its length, and anything else as it is', () => {
    const date = { field: 'When', label: 'When', show: 'date', className: null } as const
    const list = { field: 'Tags', label: 'Tags', show: 'count', className: 'num' } as const
    const text = { field: 'Name', label: 'Name', show: 'text', className: null } as const
    expect(stateCell(date, { When: '/Date(0+0100)/' })).toBe('1970-01-01 00:00:00 UTC')
    expect(stateCell(date, { When: 'not a date' })).toBe('not a date')
    expect(stateCell(list, { Tags: ['a', 'b'] })).toBe(2)
    expect(stateCell(list, { Tags: null })).toBe(0)
    expect(stateCell(text, { Name: 'x' })).toBe('x')
  })
})
