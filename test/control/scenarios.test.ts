import { describe, expect, it } from 'vitest'
import { createMock, createStore, type Scenario } from '../../src/index.ts'
import { buildApp } from '../support/index.ts'

// Issue 15, scenarios: named states, switched at run time and returned to by a reset.

type App = ReturnType<typeof buildApp>['app']

async function counts(app: App): Promise<Record<string, number>> {
  const page = (await (await app.request('/__mock/state?limit=1')).json()) as {
    Counts: Record<string, number>
  }
  return page.Counts
}

async function use(app: App, name: string): Promise<Response> {
  return await app.request(`/__mock/scenarios/${name}`, { method: 'PUT' })
}

const flagged: Scenario = {
  description: 'One comment flagged as spam',
  fixtures: { Comments: [{ Key: 'spam-1', Status: 'Spam' }] },
}

describe('/__mock/scenarios', () => {
  it('lists the built-in scenarios and the user’s, and which one is current', async () => {
    const store = createStore({ seed: 1 })
    const { app } = buildApp({ mock: createMock({ store, scenarios: { flagged } }) })
    const body = (await (await app.request('/__mock/scenarios')).json()) as {
      current: string
      scenarios: { name: string; description: string }[]
    }
    expect(body.current).toBe('default')
    expect(body.scenarios.map((s) => s.name)).toEqual([
      'default',
      'empty',
      'large',
      'edge-cases',
      'flagged',
    ])
    expect(body.scenarios.at(-1)?.description).toBe('One comment flagged as spam')
  })

  it('replaces the state with a scenario’s, and a reset returns to the current scenario', async () => {
    const { app } = buildApp()
    expect(await counts(app)).toEqual({
      ABTests: 5,
      Services: 3,
      Containers: 3,
      Comments: 24,
      Pages: 8,
    })
    expect((await use(app, 'empty')).status).toBe(200)
    expect(await counts(app)).toEqual({
      ABTests: 0,
      Services: 0,
      Containers: 0,
      Comments: 0,
      Pages: 0,
    })
    await app.request('/__mock/reset', { method: 'POST' })
    expect(await counts(app)).toEqual({
      ABTests: 0,
      Services: 0,
      Containers: 0,
      Comments: 0,
      Pages: 0,
    })
    expect((await use(app, 'large')).status).toBe(200)
    expect(await counts(app)).toEqual({
      ABTests: 1000,
      Services: 1000,
      Containers: 1000,
      Comments: 10_000,
      Pages: 1000,
    })
    await use(app, 'default')
    expect(await counts(app)).toEqual({
      ABTests: 5,
      Services: 3,
      Containers: 3,
      Comments: 24,
      Pages: 8,
    })
  })

  it('answers 404 in the ResponseStatus shape for an unknown scenario, and keeps the state', async () => {
    const { app } = buildApp()
    const response = await use(app, 'nope')
    expect(response.status).toBe(404)
    const { ResponseStatus } = (await response.json()) as {
      ResponseStatus: { ErrorCode: string; Message: string }
    }
    expect(ResponseStatus).toMatchObject({ ErrorCode: 'NotFound' })
    expect(ResponseStatus.Message).toContain("'nope'")
    expect((await counts(app)).Comments).toBe(24)
  })

  it('applies a scenario’s fixtures, and a reset restores them after an update', async () => {
    const store = createStore({ seed: 1 })
    const { app } = buildApp({ mock: createMock({ store, scenarios: { flagged } }) })
    await use(app, 'flagged')
    expect(store.state.comments.get('spam-1')?.Status).toBe('Spam')
    await app.request('/RestApi/comments-api/comments', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ Key: 'spam-1', Status: 'Published' }),
    })
    expect(store.state.comments.get('spam-1')?.Status).toBe('Published')
    await app.request('/__mock/reset', { method: 'POST' })
    expect(store.state.comments.get('spam-1')?.Status).toBe('Spam')
  })
})

describe('scenarios in code', () => {
  it('stops the start on a broken scenario, naming the scenario, entity and field', () => {
    const broken = { fixtures: { Comments: [{ Key: 'k', Rating: 'five' as unknown as number }] } }
    expect(() => createMock({ store: createStore(), scenarios: { broken } })).toThrow(
      /scenario 'broken'.*Comments\[0\]\.Rating/,
    )
  })

  it('starts in a named scenario; an unknown one stops the start', () => {
    const mock = createMock({ store: createStore({ seed: 1 }), scenario: 'empty' })
    expect(mock.store.state.comments.size).toBe(0)
    expect(() => createMock({ store: createStore(), scenario: 'nope' })).toThrow(
      /no scenario named 'nope'/,
    )
  })

  it('mock.scenario switches, and mock.reset() goes back to the scenario it started in', () => {
    const mock = createMock({ store: createStore({ seed: 1 }), scenarios: { flagged } })
    mock.scenario('flagged')
    expect(mock.scenarios.current).toBe('flagged')
    expect(mock.store.state.comments.has('spam-1')).toBe(true)
    mock.reset()
    expect(mock.scenarios.current).toBe('default')
    expect(mock.store.state.comments.has('spam-1')).toBe(false)
    expect(mock.store.state.comments.size).toBe(24)
    expect(() => mock.scenario('nope')).toThrow(/no such scenario/)
  })
})

// Newcomer F9: switching a scenario silently cleared the latency set by hand.
describe('switching a scenario keeps the latency and fault rules', () => {
  const slow: Scenario = { description: 'Slow and failing', latency: 40, faults: [{ status: 500 }] }

  async function settings(app: App): Promise<{ latency: unknown; faults: { status: number }[] }> {
    return (await (await app.request('/__mock/settings')).json()) as {
      latency: unknown
      faults: { status: number }[]
    }
  }

  it('keeps what the state has when the scenario names no rules of its own', async () => {
    const { app } = buildApp({ mock: createMock({ store: createStore({ seed: 1 }) }) })
    await app.request('/__mock/latency', { method: 'PUT', body: '{"ms":250}' })
    await app.request('/__mock/faults', { method: 'POST', body: '{"path":"/x","status":503}' })
    expect((await use(app, 'empty')).status).toBe(200)
    const after = await settings(app)
    expect(after.latency).toEqual({ min: 250, max: 250 })
    expect(after.faults.map((rule) => rule.status)).toEqual([503])
    expect((await counts(app)).Comments).toBe(0)
  })

  it('sets the rules a scenario names, and mock.reset() goes back to the configured ones', async () => {
    const mock = createMock({ store: createStore({ seed: 1 }), latency: 5, scenarios: { slow } })
    const { app } = buildApp({ mock })
    await use(app, 'slow')
    expect(await settings(app)).toMatchObject({
      latency: { min: 40, max: 40 },
      faults: [{ status: 500 }],
    })
    mock.reset()
    expect(await settings(app)).toMatchObject({ latency: { min: 5, max: 5 }, faults: [] })
  })
})
