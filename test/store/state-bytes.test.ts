import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createStore } from '../../src/index.ts'
import { jsonSizeOf } from '../../src/store/index.ts'

// What a write adds to the state (`store.bytes`, what --max-state-bytes bounds) is the size of
// what it stores less that of what it replaces, as jsonSizeOf measures them, through every path
// a write takes (a collection not yet snapshotted, one whose changes sit in layers).

const member = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
)

describe('what a write adds to the state', () => {
  it('is the size of what it stores less that of what it replaces, whatever changed', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ minLength: 1 }), member, { maxKeys: 6 }),
        fc.dictionary(fc.string({ minLength: 1 }), member, { maxKeys: 6 }),
        fc.array(fc.string({ minLength: 1 }), { maxLength: 3 }),
        fc.boolean(),
        (changes, added, removed, snapshotted) => {
          const store = createStore({ seed: 1 })
          if (snapshotted) store.snapshot()
          const [key, stored] = [...store.state.comments][0] ?? []
          if (!key || !stored) throw new Error('the seed made no comments')
          const next: Record<string, unknown> = { ...stored, ...changes, ...added }
          for (const name of removed) delete next[name]
          const before = store.bytes
          store.state.comments.set(key, next as typeof stored)
          expect(store.bytes - before).toBe(jsonSizeOf(next) - jsonSizeOf(stored))
        },
      ),
      { numRuns: 200 },
    )
  })

  it('counts an update that keeps nested members by the fields it changes', () => {
    const store = createStore({ seed: 1 })
    const [key, stored] = [...store.state.comments][0] ?? []
    if (!key || !stored) throw new Error('the seed made no comments')
    const before = store.bytes
    store.state.comments.set(key, { ...stored, Message: `${stored.Message ?? ''}four` })
    expect(store.bytes - before).toBe(4)
    const { Message: _, ...without } = stored
    store.state.comments.set(key, without as typeof stored)
    expect(store.bytes - before).toBe(-('Message'.length + 4 + (stored.Message ?? '').length + 2))
  })
})
