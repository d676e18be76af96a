import { describe, expect, it } from 'vitest'
import { stateJson } from '../../handlers/index.ts'
import { createStore } from '../../src/index.ts'

describe('the store', () => {
  it('gives byte-identical state for the same seed', () => {
    expect(stateJson(createStore({ seed: 3 }))).toBe(stateJson(createStore({ seed: 3 })))
  })

  it('gives other state for another seed', () => {
    expect(stateJson(createStore({ seed: 3 }))).not.toBe(stateJson(createStore({ seed: 4 })))
  })

  it('seeds the counts it is given', () => {
    const store = createStore({
      counts: { abTests: 2, services: 1, containers: 0, comments: 7, pages: 4 },
    })
    expect(Object.values(store.state).map((collection) => collection.size)).toEqual([2, 1, 0, 7, 4])
  })

  it('keeps a snapshot apart from later changes, and restores it', () => {
    const store = createStore({ seed: 1 })
    const before = stateJson(store)
    const snapshot = store.snapshot()
    const [key, comment] = [...store.state.comments][0] ?? []
    if (!key || !comment) throw new Error('the seed made no comments')
    const [otherKey, other] = [...store.state.comments][1] ?? []
    if (!otherKey || !other) throw new Error('the seed made one comment only')
    store.state.comments.set(otherKey, { ...other, Message: 'replaced' })
    store.state.comments.delete(key)
    store.state.abTests.clear()
    expect(stateJson(store)).not.toBe(before)
    store.restore(snapshot)
    expect(stateJson(store)).toBe(before)
    // The snapshot itself stays usable after a restore changed the live state again.
    store.state.services.clear()
    store.restore(snapshot)
    expect(stateJson(store)).toBe(before)
  })

  it('resets to the seeded state, or to another seed', () => {
    const store = createStore({ seed: 1 })
    const seeded = stateJson(store)
    store.state.comments.clear()
    store.reset()
    expect(stateJson(store)).toBe(seeded)
    store.reset(2)
    expect(store.seed).toBe(2)
    expect(stateJson(store)).toBe(stateJson(createStore({ seed: 2 })))
  })

  it('generates the same GUID sequence for the same seed, restarting on reset', () => {
    const a = createStore({ seed: 5 })
    const b = createStore({ seed: 5 })
    const first = [a.newGuid('x'), a.newGuid('x')]
    expect([b.newGuid('x'), b.newGuid('x')]).toEqual(first)
    expect(first[0]).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
    expect(first[0]).not.toBe(first[1])
    a.reset()
    expect(a.newGuid('x')).toBe(first[0])
  })

  it('tells its listeners about every change, and stops when they unsubscribe', () => {
    const store = createStore()
    let calls = 0
    const unsubscribe = store.subscribe(() => calls++)
    store.changed()
    store.reset()
    expect(calls).toBe(2)
    unsubscribe()
    store.changed()
    expect(calls).toBe(2)
  })
})
