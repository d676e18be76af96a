import { describe, expect, it } from 'vitest'
import { operations } from '../../handlers/operations.ts'
import { createStore } from '../../src/mock/index.ts'
import { mockStages } from '../../src/mock/stages.ts'
import { createMock } from '../../handlers/index.ts'
import { createApp } from '../../src/node/index.ts'
import {
  createAnswerer,
  resolveConfig,
  stageOrder,
  type Stage,
  type StageName,
} from '../../src/wire/index.ts'

// The order a request goes through lives in wire/pipeline.ts; the features are stages declared
// once (mock/stages.ts, node/server/edge-stages.ts), with no closure of createMock's for the
// dispatch to call back.

const update = (key: string, headers: Record<string, string> = {}): Request =>
  new Request('http://localhost/RestApi/comments-api/comments', {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ Key: key, Message: 'staged' }),
  })

describe('the pipeline', () => {
  it("runs each stage at its step, in stageOrder's order whatever order they are given in", async () => {
    const store = createStore({ seed: 1 })
    const key = [...store.state.comments.values()][0]?.Key ?? ''
    const seen: string[] = []
    const stage = (name: StageName): Stage => ({
      name,
      admit: () => {
        seen.push(`${name} admit`)
        return undefined
      },
      before: () => {
        seen.push(`${name} before`)
        return undefined
      },
      after: (exchange) => seen.push(`${name} after ${exchange.answer?.status}`),
      end: ({ response }) => seen.push(`${name} end ${response.status}`),
    })
    const answer = createAnswerer({
      operations,
      control: async () => undefined,
      config: resolveConfig(),
      stages: [stage('faults'), { name: 'sessions', store: () => store }, stage('latency')],
    })
    const answered = await answer(update(key))
    expect(answered?.response.status).toBe(200)
    expect(seen).toEqual([
      'latency admit',
      'faults admit',
      'latency before',
      'faults before',
      'latency after 200',
      'faults after 200',
      'latency end 200',
      'faults end 200',
    ])
  })

  it('answers a request an admitting stage refuses before the operation or any other step', async () => {
    const store = createStore({ seed: 1 })
    const key = [...store.state.comments.values()][0]?.Key ?? ''
    const steps: string[] = []
    const answer = createAnswerer({
      operations,
      control: async () => undefined,
      config: resolveConfig(),
      stages: [
        { name: 'access checks', admit: () => new Response('no', { status: 403 }) },
        { name: 'sessions', store: () => store },
        { name: 'journal', after: () => steps.push('after') },
        { name: 'log', end: ({ response }) => steps.push(`end ${response.status}`) },
      ],
    })
    const answered = await answer(update(key))
    expect(answered?.response.status).toBe(403)
    expect(answered?.exchange).toBeNull()
    expect(steps).toEqual(['end 403'])
    expect(store.state.comments.get(key)?.Message).not.toBe('staged')
  })

  it('refuses two stages of one name, or none that gives the state', () => {
    const make = (stages: readonly Stage[]) => () =>
      createAnswerer({
        operations,
        control: async () => undefined,
        config: resolveConfig(),
        stages,
      })
    const store = createStore({ seed: 1 })
    expect(
      make([{ name: 'journal' }, { name: 'sessions', store: () => store }, { name: 'journal' }]),
    ).toThrow(/two stages named 'journal'/)
    expect(make([{ name: 'journal' }])).toThrow(/no stage gives the state/)
  })

  it("declares the mock's stages and the Node server's, together every stage of stageOrder", async () => {
    const mock = createMock({ store: createStore({ seed: 1 }) })
    const names = mockStages({
      sessions: mock.sessions,
      control: mock.control,
      config: mock.config,
      random: Math.random,
    }).map(({ name }) => name)
    expect(names).toEqual(['sessions', 'login wall', 'latency', 'faults', 'journal'])
    const edge = Object.keys(stageOrder).filter((name) => !names.includes(name as StageName))
    expect(edge).toEqual(['access checks', 'large bodies', 'last answers', 'log'])
    // The Node server's: a host it does not serve is refused at step 0, logged at step 8, and
    // never reaches the journal (step 7).
    const lines: string[] = []
    const app = createApp({ mock, log: (line) => lines.push(line) })
    const refused = await app.request('http://evil.example/RestApi/comments-api/comments', {
      method: 'PUT',
      headers: { Host: 'evil.example', 'Content-Type': 'application/json' },
      body: '{}',
    })
    expect(refused.status).toBe(403)
    expect(lines).toEqual([expect.stringMatching(/^PUT \/RestApi\/comments-api\/comments .*403/)])
    expect(mock.control.journal.entries()).toHaveLength(0)
  })
})
