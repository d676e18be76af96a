import { describe, expect, it } from 'vitest'
import { entriesEnd, lastWholeEntry } from '../../src/node/proxy/entries-end.ts'

// The two scans of a recording's text (--record): where log.entries ends in a whole HAR, and
// where to cut one that a kill left part way through an entry.

describe('entriesEnd', () => {
  it.each([
    ['{"log":{"entries":[1,2]}}', '{"log":{"entries":[1,2'.length],
    ['{"log":{"entries":[{"s":"a ] \\" ]"}]}}', '{"log":{"entries":[{"s":"a ] \\" ]"}'.length],
    // A repeated name: the last one counts, as in JSON.parse.
    ['{"log":{"entries":[],"entries":[3]}}', '{"log":{"entries":[],"entries":[3'.length],
    ['{"log":{"other":[1]}}', -1],
  ])('finds the list’s end in %s', (text, at) => {
    expect(entriesEnd(text, 0)).toBe(at)
  })
})

describe('lastWholeEntry', () => {
  it.each([
    ['{"log":{"entries":[{"a":1},{"b":', '{"log":{"entries":[{"a":1}'.length],
    ['{"log":{"entries":[{"a":1},{"b":"cut', '{"log":{"entries":[{"a":1}'.length],
    ['{"log":{"entries":[{"a"', '{"log":{"entries":['.length],
  ])('cuts %s after its last whole entry', (text, at) => {
    expect(lastWholeEntry(text, 0)).toBe(at)
  })

  it.each([
    ['a whole list', '{"log":{"entries":[{"a":1}]}}'],
    ['a text cut outside the list', '{"log":{"other":[{"a":1},'],
    ['a name that is not JSON', '{"log":{"entries":[{"\\x":1},'],
  ])('has no cut for %s', (_, text) => {
    expect(lastWholeEntry(text, 0)).toBeUndefined()
  })
})
