import { describe, expect, it } from 'vitest'
import { stateJson } from '../../handlers/index.ts'
import { createFactory } from '../../seeds/index.ts'
import { createStore } from '../../src/index.ts'
import { collectionKeys, createMemoryStore } from '../../src/store/index.ts'
import { LazyMap } from '../../src/store/lazy-map.ts'

const kinds = ['abTests', 'services', 'containers', 'comments'] as const

describe('lazy seeding', () => {
  it.each(kinds)('keys %s without making them, as the made entity is keyed', (kind) => {
    const factory = createFactory(3)
    const make = {
      abTests: (i: number) => collectionKeys.abTests(factory.abTest(i)),
      services: (i: number) => collectionKeys.services(factory.service(i)),
      containers: (i: number) => collectionKeys.containers(factory.containerPage(i)),
      comments: (i: number) => collectionKeys.comments(factory.comment(i)),
    }[kind]
    for (let i = 0; i < 200; i++) expect(factory.keyOf(kind, i)).toBe(make(i))
  })

  it('serves the same state, in the same order, as making every entity at once', () => {
    const factory = createFactory(1)
    const lazy = createStore({ seed: 1 })
    const eager = createMemoryStore({ seed: 1, factory: createFactory })
    for (const kind of kinds) eager.state[kind].clear()
    for (let i = 0; i < 5; i++)
      eager.state.abTests.set(factory.keyOf('abTests', i), factory.abTest(i))
    for (let i = 0; i < 3; i++)
      eager.state.services.set(factory.keyOf('services', i), factory.service(i))
    for (let i = 0; i < 3; i++) {
      eager.state.containers.set(factory.keyOf('containers', i), factory.containerPage(i))
    }
    for (let i = 0; i < 24; i++)
      eager.state.comments.set(factory.keyOf('comments', i), factory.comment(i))
    expect(stateJson(lazy)).toBe(stateJson(eager))
  })

  it('makes an entity only when it is asked for', () => {
    const made: number[] = []
    const map = new LazyMap(
      1000,
      (i) => `k${i}`,
      (i) => {
        made.push(i)
        return { i }
      },
    )
    expect(map.size).toBe(1000)
    expect(map.has('k500')).toBe(true)
    expect(made).toEqual([])
    expect(map.get('k500')).toEqual({ i: 500 })
    expect(map.get('k500')).toEqual({ i: 500 })
    expect(made).toEqual([500])
    expect(map.get('missing')).toBeUndefined()
  })

  it('keeps the seeded order when an entry is replaced, deleted or added', () => {
    const map = new LazyMap(
      3,
      (i) => `k${i}`,
      (i) => i,
    )
    map.set('k1', 10)
    map.delete('k0')
    map.set('new', 99)
    const expected = [
      ['k1', 10],
      ['k2', 2],
      ['new', 99],
    ]
    const walked: [string, number][] = []
    map.forEach((value, key) => walked.push([key, value]))
    expect(walked).toEqual(expected)
    expect([...map]).toEqual(expected)
  })

  it('takes a snapshot without making what is pending, and restores it', () => {
    let made = 0
    const store = createMemoryStore({
      seed: 1,
      counts: { abTests: 0, services: 0, containers: 0, comments: 5000 },
      factory: (seed) => {
        const factory = createFactory(seed)
        return {
          ...factory,
          comment: (i) => {
            made++
            return factory.comment(i)
          },
        }
      },
    })
    const [key] = store.state.comments.keys()
    if (!key) throw new Error('no comment was seeded')
    const before = store.state.comments.get(key)?.Message
    expect(made).toBe(1)
    const snapshot = store.snapshot()
    expect(made).toBe(1)
    store.state.comments.delete(key)
    store.restore(snapshot)
    expect(store.state.comments.get(key)?.Message).toBe(before)
    expect(store.state.comments.size).toBe(5000)
    expect(made).toBe(1)
  })
})
