import { describe, expect, it } from 'vitest'
import { operations } from '../../handlers/operations.ts'
import { createStore } from '../../src/mock/index.ts'
import { mockStages } from '../../src/mock/stages.ts'
import { createMock } from '../../handlers/index.ts'
import { stageOrder } from '../../src/wire/pipeline.ts'
import { createAnswerer, resolveConfig, type Stage } from '../../src/wire/index.ts'

// The order a request goes through lives in wire/pipeline.ts; the features are stages declared
// once (mock/stages.ts), with no closure of createMock's for the dispatch to call back.

const update = (key: string): Request =>
  new Request('http://localhost/RestApi/comments-api/comments', {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ Key: key, Message: 'staged' }),
  })

describe('the pipeline', () => {
  it('runs each stage at its step, in the declared order', async () => {
    const store = createStore({ seed: 1 })
    const key = [...store.state.comments.values()][0]?.Key ?? ''
    const seen: string[] = []
    const stage = (name: string): Stage => ({
      name,
      before: () => {
        seen.push(`${name} before`)
        return undefined
      },
      after: (exchange) => seen.push(`${name} after ${exchange.answer?.status}`),
    })
    const answer = createAnswerer({
      operations,
      control: async () => undefined,
      config: resolveConfig(),
      stages: [{ name: 'state', store: () => store }, stage('first'), stage('second')],
    })
    const answered = await answer(update(key))
    expect(answered?.response.status).toBe(200)
    expect(seen).toEqual(['first before', 'second before', 'first after 200', 'second after 200'])
  })

  it('refuses stages out of the order it declares, or none that gives the state', () => {
    const make = (stages: readonly Stage[]) => () =>
      createAnswerer({
        operations,
        control: async () => undefined,
        config: resolveConfig(),
        stages,
      })
    const store = createStore({ seed: 1 })
    expect(make([{ name: 'journal' }, { name: 'sessions', store: () => store }])).toThrow(
      /out of order/,
    )
    expect(make([{ name: 'journal' }])).toThrow(/no stage gives the state/)
  })

  it("declares the mock's stages in the pipeline's order", () => {
    const mock = createMock({ store: createStore({ seed: 1 }) })
    const names = mockStages({
      sessions: mock.sessions,
      control: mock.control,
      config: mock.config,
      random: Math.random,
    }).map(({ name }) => name)
    expect(names).toEqual(['sessions', 'login wall', 'faults and latency', 'journal'])
    const order = Object.keys(stageOrder)
    expect(names.map((name) => order.indexOf(name))).toEqual([1, 2, 3, 4])
  })
})
