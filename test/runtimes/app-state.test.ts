import { describe, expect, it } from 'vitest'
import { createStore } from '../../src/index.ts'
import { buildApp } from '../support/index.ts'

describe('GET /__mock/state', () => {
  it('answers 200 JSON with exactly the collections of the store, counted as in it', async () => {
    const { app, store } = buildApp()
    const response = await app.request('/__mock/state')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    const text = await response.text()
    const state = JSON.parse(text) as Record<string, unknown[]>
    expect(Object.keys(state)).toEqual(['ABTests', 'Services', 'Containers', 'Comments', 'Pages'])
    expect(state.ABTests).toHaveLength(store.counts.abTests)
    expect(state.Services).toHaveLength(store.counts.services)
    expect(state.Containers).toHaveLength(store.counts.containers)
    expect(state.Comments).toHaveLength(store.counts.comments)
    expect(state.Comments).toHaveLength(store.state.comments.size)
    expect(state.Pages).toHaveLength(store.counts.pages)
    expect(text).toContain('"DateCreated":"\\/Date(')
    expect(text).toContain('"LastModified":"\\/Date(')
  })

  it('counts what a custom seed made', async () => {
    const store = createStore({
      seed: 3,
      counts: { abTests: 2, services: 1, containers: 0, comments: 7, pages: 3 },
    })
    const { app } = buildApp({ store })
    const state = (await (await app.request('/__mock/state')).json()) as Record<string, unknown[]>
    expect(Object.fromEntries(Object.entries(state).map(([k, v]) => [k, v.length]))).toEqual({
      ABTests: 2,
      Services: 1,
      Containers: 0,
      Comments: 7,
      Pages: 3,
    })
  })
})
