import { describe, expect, it } from 'vitest'
import { dashboardScript, dashboardSettings } from '../../src/tools/dashboard/index.ts'
import { createFactory } from '../../seeds/index.ts'
import { createStore } from '../../src/index.ts'
import { createMemoryStore } from '../../src/store/index.ts'
import {
  commentKey,
  commentUpdate,
  commentsPath,
  control,
  createPlane,
  readJson,
  responseStatusOf,
  ways,
} from '../support/index.ts'

// Issue 13, finding 7: snapshots were deep copies without limit (+45 MB each with a 24 MB
// state), and GET /__mock/state shipped 220,000 entities (150 MB) every 1.5 s to a dashboard
// that shows 200 rows. Snapshots are now capped and shared, and the state comes a page at a time.

describe.each(ways)('named snapshots past --max-snapshots (%s)', (way) => {
  it('refuses a new name past the cap with a 400 naming it, and saves again once one is deleted', async () => {
    const plane = createPlane(way, { maxSnapshots: 3 })
    for (const name of ['a', 'b', 'c']) {
      expect((await control(plane, 'POST', `/__mock/snapshots/${name}`)).status).toBe(201)
    }
    const refused = await control(plane, 'POST', '/__mock/snapshots/d')
    expect(refused.status).toBe(400)
    const status = await responseStatusOf(refused)
    expect(status.ErrorCode).toBe('ArgumentException')
    expect(status.Message).toContain('--max-snapshots 3')
    const list = await readJson(await control(plane, 'GET', '/__mock/snapshots'))
    expect(list.snapshots.map((s: { name: string }) => s.name)).toEqual(['a', 'b', 'c'])
    // Saving a name already saved replaces it: never past the cap.
    expect((await control(plane, 'POST', '/__mock/snapshots/b')).status).toBe(201)
    expect((await control(plane, 'DELETE', '/__mock/snapshots/a')).status).toBe(204)
    expect((await control(plane, 'POST', '/__mock/snapshots/d')).status).toBe(201)
  })

  it('keeps 100 by default', async () => {
    const plane = createPlane(way)
    for (let i = 0; i < 100; i++) {
      expect((await control(plane, 'POST', `/__mock/snapshots/s${i}`)).status).toBe(201)
    }
    expect((await control(plane, 'POST', '/__mock/snapshots/s100')).status).toBe(400)
    expect(plane.mock.snapshots.size).toBe(100)
  })

  it('refuses a name longer than 200 characters', async () => {
    const plane = createPlane(way)
    const response = await control(plane, 'POST', `/__mock/snapshots/${'n'.repeat(201)}`)
    expect(response.status).toBe(400)
    expect((await responseStatusOf(response)).Message).toMatch(/over the limit of 200/)
    expect(plane.mock.snapshots.size).toBe(0)
  })

  it('100 snapshots of a large state share its entities rather than copying them', async () => {
    const plane = createPlane(way, { store: createStore({ seed: 1, counts: { comments: 2000 } }) })
    const key = commentKey(plane.store, 5)
    for (let i = 0; i < 100; i++) {
      await plane.request(commentsPath, commentUpdate(key, `Edit ${i}.`))
      expect((await control(plane, 'POST', `/__mock/snapshots/s${i}`)).status).toBe(201)
    }
    const live = [...plane.store.state.comments.values()]
    for (const { snapshot } of plane.mock.snapshots.values()) {
      const kept = [...snapshot.state.comments.values()]
      // Every comment but the edited one is the very same object as the live store's.
      const shared = kept.filter((comment, i) => comment === live[i])
      expect(shared.length).toBeGreaterThanOrEqual(live.length - 1)
    }
  })
})

describe.each(ways)('GET /__mock/state?offset=&limit= (%s)', (way) => {
  it('answers a page of each collection with the counts of all', async () => {
    const plane = createPlane(way, { store: createStore({ seed: 1, counts: { comments: 50 } }) })
    const whole = await readJson(await plane.request('/__mock/state'))
    const page = await readJson(await plane.request('/__mock/state?offset=10&limit=5'))
    expect(Object.keys(page)).toEqual([
      'ABTests',
      'Services',
      'Containers',
      'Comments',
      'Pages',
      'Counts',
      'Offset',
      'Limit',
    ])
    expect(page.Comments).toEqual(whole.Comments.slice(10, 15))
    expect(page.ABTests).toEqual([])
    expect(page.Counts).toEqual({
      ABTests: 5,
      Services: 3,
      Containers: 3,
      Comments: 50,
      Pages: 8,
    })
    expect([page.Offset, page.Limit]).toEqual([10, 5])
  })

  it('lists only the kinds asked for, 200 rows unless told', async () => {
    const plane = createPlane(way, { store: createStore({ seed: 1, counts: { comments: 300 } }) })
    const whole = await readJson(await plane.request('/__mock/state'))
    const page = await readJson(await plane.request('/__mock/state?kind=comments,ABTests'))
    expect(Object.keys(page)).toEqual(['ABTests', 'Comments', 'Counts', 'Offset', 'Limit'])
    expect(page.Comments).toEqual(whole.Comments.slice(0, 200))
    expect(page.ABTests).toEqual(whole.ABTests)
    expect(page.Counts.Comments).toBe(300)
  })

  it('makes only the entities on the page of a large lazily seeded state', async () => {
    let made = 0
    const store = createMemoryStore({
      seed: 1,
      counts: { comments: 50_000 },
      factory: (seed) => {
        const factory = createFactory(seed)
        return { ...factory, comment: (i) => (made++, factory.comment(i)) }
      },
    })
    const plane = createPlane(way, { store })
    const response = await plane.request('/__mock/state?kind=Comments&offset=40000&limit=3')
    const page = await readJson(response)
    expect(made).toBe(3)
    expect(page.Comments).toHaveLength(3)
    expect(page.Counts.Comments).toBe(50_000)
    const keys = [...store.state.comments.keys()].slice(40_000, 40_003)
    expect(page.Comments.map((c: { Key: string }) => c.Key.toLowerCase())).toEqual(keys)
  })

  it.each([
    ['offset=-1', /offset '-1'/],
    ['limit=10001', /limit '10001' is not a whole number from 0 to 10000/],
    ['limit=abc', /limit 'abc'/],
    ['kind=Users', /kind 'Users' is none of ABTests, Services, Containers, Comments/],
  ])('answers 400 ResponseStatus for ?%s', async (query, message) => {
    const plane = createPlane(way)
    const response = await plane.request(`/__mock/state?${query}`)
    expect(response.status).toBe(400)
    expect((await responseStatusOf(response)).Message).toMatch(message)
  })
})

describe('the dashboard', () => {
  it('polls a page of the state, never the whole of it', () => {
    const script = dashboardScript(dashboardSettings)
    const polled = [...script.matchAll(/['"`](\/__mock\/state[^'"`]*)['"`]/g)].map((m) => m[1])
    expect(polled).toEqual(['/__mock/state?limit='])
    expect(dashboardSettings.rowLimit).toBe(200)
  })
})
