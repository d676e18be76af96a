import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createMock, createStore, type Scenario } from '../../src/index.ts'
import { readScenariosFile } from '../../src/tools/cli/scenarios-file.ts'
import { buildApp, tempDir } from '../support/index.ts'

// Issue 26, point 14: a scenario with keys it does not know stops the start naming them, and a
// redefined `default` applies whole: the start is what PUT /__mock/scenarios/default gives.

/** The scenarios of a file, read as `--scenarios` reads them, then the mock made from them. */
function startFromFile(document: unknown): void {
  const path = join(tempDir(), 'scenarios.json')
  writeFileSync(path, JSON.stringify(document))
  createMock({ store: createStore({ seed: 1 }), scenarios: readScenariosFile(path) })
}

describe('a scenarios file with keys it does not know', () => {
  it.each([
    [{ typo: { cuonts: { comments: 1 } } }, "scenario 'typo': unknown key typo.cuonts ("],
    [{ s: { counts: { coments: 1 } } }, "scenario 's': unknown key s.counts.coments ("],
    [
      { s: { descripton: 'x', latncy: 5, counts: { comments: 1 } } },
      "scenario 's': unknown keys s.descripton, s.latncy (",
    ],
    [{ s: { fixtures: { Commentz: [] } } }, "scenario 's': Failed to store the fixtures: unknown"],
    [{ s: { counts: { comments: -1 } } }, "scenario 's': counts.comments must be a whole number"],
    [{ s: { counts: { comments: 'many' } } }, "scenario 's': counts.comments must be a whole"],
  ])('stops the start, naming them: %j', (document, message) => {
    expect(() => startFromFile(document)).toThrow(`Failed to create the mock: ${message}`)
  })

  it('says in one line what a scenario and its counts take', () => {
    expect(() => startFromFile({ typo: { cuonts: {} } })).toThrow(
      "Failed to create the mock: scenario 'typo': unknown key typo.cuonts (a scenario takes " +
        'description, seed, counts, fixtures, latency, faults; counts takes abTests, services, ' +
        'containers, comments, pages)',
    )
  })

  it('takes every key a scenario has', () => {
    const whole: Scenario = {
      description: 'All of it',
      seed: 3,
      counts: { abTests: 1, services: 1, containers: 1, comments: 1 },
      fixtures: { Comments: [{ Key: 'k' }] },
      latency: 5,
      faults: [{ status: 503 }],
    }
    expect(() => startFromFile({ whole })).not.toThrow()
  })
})

describe('a redefined default scenario', () => {
  const mine: Scenario = {
    description: 'One comment of my own',
    seed: 7,
    counts: { comments: 1 },
    fixtures: { Comments: [{ Key: 'mine', Message: 'from my default' }] },
    latency: 0,
  }

  async function stateOf(app: ReturnType<typeof buildApp>['app']): Promise<string> {
    return await (await app.request('/__mock/state')).text()
  }

  it('is where the mock starts: the start state equals PUT /__mock/scenarios/default', async () => {
    const { app, mock } = buildApp({
      mock: createMock({ store: createStore({ seed: 1 }), scenarios: { default: mine } }),
    })
    const start = await stateOf(app)
    expect(mock.store.state.comments.size).toBe(2)
    expect(mock.store.state.comments.get('mine')?.Message).toBe('from my default')
    expect(mock.store.seed).toBe(7)
    expect((await app.request('/__mock/scenarios/default', { method: 'PUT' })).status).toBe(200)
    expect(await stateOf(app)).toBe(start)
  })

  it('lists its own description, or keeps the built-in one when it gives none', () => {
    const described = createMock({ store: createStore(), scenarios: { default: mine } })
    expect(described.scenarios.list()[0]).toEqual({
      name: 'default',
      description: 'One comment of my own',
    })
    const bare = createMock({ store: createStore(), scenarios: { default: { counts: {} } } })
    expect(bare.scenarios.list()[0]?.description).toBe('The seeded state the mock started with')
  })

  it('gives a new session and mock.reset() the same start', async () => {
    const { app, mock } = buildApp({
      mock: createMock({ store: createStore({ seed: 1 }), scenarios: { default: mine } }),
    })
    const start = await stateOf(app)
    const inSession = await (
      await app.request('/__mock/state', { headers: { 'X-Mock-Session': 's' } })
    ).text()
    expect(inSession).toBe(start)
    mock.fixtures({ Comments: [{ Key: 'later' }] })
    mock.reset()
    expect(await stateOf(app)).toBe(start)
  })

  it('applies its rules but keeps the store with keepStore (a state file loaded at start)', () => {
    const store = createStore({ seed: 1 })
    const mock = createMock({
      store,
      keepStore: true,
      scenarios: { default: { counts: { comments: 1 }, latency: 250 } },
    })
    expect(mock.store.state.comments.size).toBe(24)
    expect(mock.control.latency).toEqual({ min: 250, max: 250 })
  })
})
