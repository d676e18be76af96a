import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createStore } from '../../src/index.ts'
import { LazyMap } from '../../src/store/lazy-map.ts'
import { SnapshotMap } from '../../src/store/snapshot-map.ts'

// Snapshots used to deep-copy the state: with a 24 MB state each one cost 45 MB more (issue 13,
// finding 7). Now a snapshot shares every entity that did not change.

describe('store snapshots share what did not change', () => {
  it('hold the very same entity objects as the live store for unchanged keys', () => {
    const store = createStore({ seed: 1, counts: { comments: 200 } })
    const live = [...store.state.comments]
    const snapshots = Array.from({ length: 50 }, () => store.snapshot())
    for (const snapshot of snapshots) {
      const kept = [...snapshot.state.comments]
      expect(kept).toHaveLength(live.length)
      for (let i = 0; i < live.length; i++) expect(kept[i]?.[1]).toBe(live[i]?.[1])
    }
  })

  it('share all but the changed entity after an update between snapshots', () => {
    const store = createStore({ seed: 1, counts: { comments: 200 } })
    const keys = [...store.state.comments.keys()]
    const snapshots = []
    for (let i = 0; i < 50; i++) {
      const key = keys[i] as string
      const comment = store.state.comments.get(key)
      store.state.comments.set(key, { ...comment!, Message: `Update ${i}.` })
      snapshots.push(store.snapshot())
    }
    const first = snapshots[0]?.state.comments
    const last = snapshots[49]?.state.comments
    // Key 0 changed before the first snapshot only, key 60 never: both shared by all 50.
    expect(last?.get(keys[0] as string)).toBe(first?.get(keys[0] as string))
    expect(last?.get(keys[60] as string)).toBe(store.state.comments.get(keys[60] as string))
    expect(first?.get(keys[1] as string)?.Message).not.toBe('Update 1.')
    expect(last?.get(keys[49] as string)?.Message).toBe('Update 49.')
  })

  it('keeps a snapshot apart from later changes on either side', () => {
    const store = createStore({ seed: 1 })
    const [key] = store.state.comments.keys()
    const snapshot = store.snapshot()
    const before = snapshot.state.comments.get(key as string)
    store.state.comments.set(key as string, { ...before!, Message: 'live' })
    snapshot.state.comments.set('added-to-the-snapshot', { ...before!, Key: 'x' })
    expect(snapshot.state.comments.get(key as string)).toBe(before)
    expect(store.state.comments.has('added-to-the-snapshot')).toBe(false)
    store.restore(snapshot)
    expect(store.state.comments.get(key as string)).toBe(before)
    expect(store.state.comments.get('added-to-the-snapshot')?.Key).toBe('x')
  })

  it('freezes stored entities, so a change in place cannot reach a snapshot', () => {
    const store = createStore({ seed: 1 })
    const [key] = store.state.comments.keys()
    const comment = store.state.comments.get(key as string)
    expect(Object.isFrozen(comment)).toBe(true)
    expect(() => {
      ;(comment as { Message: string | null }).Message = 'in place'
    }).toThrow(TypeError)
    store.state.comments.set('new', { ...comment!, Key: 'new' })
    expect(Object.isFrozen(store.state.comments.get('new'))).toBe(true)
  })
})

// Model-based: any mix of sets, deletes, clears, snapshots and restores gives the same entries,
// in the same order, as plain Maps copied whole at each snapshot.
type Step =
  | { readonly op: 'set'; readonly key: string; readonly value: number }
  | { readonly op: 'delete'; readonly key: string }
  | { readonly op: 'clear' }
  | { readonly op: 'snapshot' }
  | { readonly op: 'restore'; readonly which: number }
  | { readonly op: 'write-snapshot'; readonly which: number; readonly key: string }

const key = fc.constantFrom(...Array.from({ length: 12 }, (_, i) => `k${i}`), 'n1', 'n2', 'n3')
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ op: fc.constant('set'), key, value: fc.nat(999) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('delete'), key }) },
  { weight: 1, arbitrary: fc.constant({ op: 'clear' }) },
  { weight: 3, arbitrary: fc.constant({ op: 'snapshot' }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('restore'), which: fc.nat(20) }) },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('write-snapshot'), which: fc.nat(20), key }),
  },
) as fc.Arbitrary<Step>

function seeded(): SnapshotMap<{ v: number }> {
  return new SnapshotMap(
    new LazyMap(
      10,
      (i) => `k${i}`,
      (i) => ({ v: i }),
    ),
  )
}

describe('SnapshotMap against plain Maps', () => {
  it('has the entries, order and size of a Map copied at every snapshot', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 80 }), (steps) => {
        let live = seeded()
        let model = new Map(Array.from({ length: 10 }, (_, i) => [`k${i}`, { v: i }]))
        const saved: [SnapshotMap<{ v: number }>, Map<string, { v: number }>][] = []
        // What each delete answered, live and in the model: they must agree.
        const deletes: { live: boolean; model: boolean }[] = []
        for (const s of steps) {
          if (s.op === 'set') {
            live.set(s.key, { v: s.value })
            model.set(s.key, { v: s.value })
          } else if (s.op === 'delete') {
            deletes.push({ live: live.delete(s.key), model: model.delete(s.key) })
          } else if (s.op === 'clear') {
            live.clear()
            model.clear()
          } else if (s.op === 'snapshot') {
            saved.push([live.fork(), new Map(model)])
          } else if (saved.length > 0) {
            const [map, copy] = saved[s.which % saved.length]!
            if (s.op === 'restore') {
              live = SnapshotMap.of(map)
              model = new Map(copy)
            } else {
              map.set(s.key, { v: -1 })
              copy.set(s.key, { v: -1 })
            }
          }
          expect(live.size).toBe(model.size)
        }
        expect(deletes.map((d) => d.live)).toEqual(deletes.map((d) => d.model))
        expect([...live]).toEqual([...model])
        expect([...live.keys()]).toEqual([...model.keys()])
        const walked: [string, { v: number }][] = []
        live.forEach((value, key) => walked.push([key, value]))
        expect(walked).toEqual([...model])
        for (const [map, copy] of saved) {
          expect([...map.entries()]).toEqual([...copy.entries()])
          for (const k of copy.keys()) expect(map.has(k)).toBe(true)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('stays a few layers deep however many snapshots and changes alternate', () => {
    const map = seeded()
    const forks = []
    for (let i = 0; i < 2000; i++) {
      map.set(`n${i}`, { v: i })
      forks.push(map.fork())
    }
    expect(map.size).toBe(2010)
    expect(forks[999]?.size).toBe(1010)
    expect(forks[999]?.get('n999')).toEqual({ v: 999 })
    expect(forks[999]?.has('n1000')).toBe(false)
    // A lookup of a key never set reads every layer: there are at most log2(changes) + 1.
    expect(map.depth).toBeLessThanOrEqual(Math.log2(2000) + 1)
    expect(forks[1999]?.depth).toBeLessThanOrEqual(Math.log2(2000) + 1)
  })
})
