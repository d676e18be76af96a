import { describe, expect, it } from 'vitest'
import { createStore } from '../../src/index.ts'
import {
  abTestId,
  commentKey,
  createPlane,
  responseStatusOf,
  serviceRoute,
  ways,
} from '../support/index.ts'

// GET /__mock/state/{Collection}/{key}: one entity, as /__mock/state lists it.

const seeded = createStore({ seed: 1 })

/** The entity /__mock/state lists under a collection, found by a field. */
async function listed(
  plane: ReturnType<typeof createPlane>,
  collection: string,
  field: string,
  value: string,
): Promise<unknown> {
  const state = (await (await plane.request('/__mock/state')).json()) as Record<
    string,
    Record<string, unknown>[]
  >
  return state[collection]?.find((entity) => entity[field] === value)
}

describe.each(ways)('GET /__mock/state/{Collection}/{key} (%s)', (way) => {
  it.each([
    ['Comments', 'Key', commentKey(seeded)],
    ['ABTests', 'Id', abTestId(seeded)],
    ['Services', 'Route', serviceRoute(seeded)],
  ])('answers one of %s by its %s, as /__mock/state lists it', async (collection, field, key) => {
    const plane = createPlane(way)
    const response = await plane.request(`/__mock/state/${collection}/${encodeURIComponent(key)}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(await response.json()).toEqual(await listed(plane, collection, field, key))
  })

  it('finds a comment by its key in any case, and a service by its route written as a path', async () => {
    const plane = createPlane(way)
    const upper = await plane.request(`/__mock/state/Comments/${commentKey(seeded).toUpperCase()}`)
    expect(upper.status).toBe(200)
    const route = serviceRoute(seeded)
    const byPath = await plane.request(`/__mock/state/Services${route}`)
    expect(((await byPath.json()) as { Route: string }).Route).toBe(route)
  })

  it('answers 404 in the ResponseStatus shape for a key it does not hold', async () => {
    const plane = createPlane(way)
    const response = await plane.request('/__mock/state/Comments/no-such-key')
    expect(response.status).toBe(404)
    expect(await responseStatusOf(response)).toMatchObject({
      ErrorCode: 'NotFound',
      Message: "Failed to read an entity: Comments has none with the key 'no-such-key'",
    })
  })

  it('answers 400 naming the collections for one it does not know', async () => {
    const plane = createPlane(way)
    const response = await plane.request('/__mock/state/comments/x')
    expect(response.status).toBe(400)
    expect((await responseStatusOf(response)).Message).toBe(
      "Failed to read an entity: 'comments' is not a collection (ABTests, Services, Containers, Comments, Pages)",
    )
  })

  it("reads a session's own entity, which the shared state does not hold", async () => {
    const plane = createPlane(way)
    const headers = { 'X-Mock-Session': 'one-entity', 'Content-Type': 'application/json' }
    const stored = await plane.request('/__mock/fixtures', {
      method: 'POST',
      headers,
      body: JSON.stringify({ Comments: [{ Key: 'only-here', Message: 'In a session' }] }),
    })
    expect(stored.status).toBe(201)
    const mine = await plane.request('/__mock/state/Comments/only-here', { headers })
    expect(((await mine.json()) as { Message: string }).Message).toBe('In a session')
    expect((await plane.request('/__mock/state/Comments/only-here')).status).toBe(404)
  })
})
