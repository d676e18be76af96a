import { STATUS_CODES } from 'node:http'
import { describe, expect, it } from 'vitest'
import type { Har } from '../../src/mock/index.ts'
import { verifyRecording } from '../../src/tools/verify/recording/index.ts'
import { createApp, createMock, createStore } from '../../src/index.ts'
import { exampleRoute } from '../../src/wire/index.ts'

// A recording of a host behind its login wall (issue 30, N8): the anonymous calls met the wall,
// the logged-in ones were answered. verify --auth holds the mock against both; a recorded
// credential (the CMS's own cookie or bearer, which the mock cannot check) counts as a login.

async function wallRecording(): Promise<Har> {
  const mock = createMock({ store: createStore({ seed: 1 }), auth: 'forms' })
  const app = createApp({ mock })
  const { Authorization } = mock.login()
  const walled = mock.operations.filter((operation) => operation.backendUser !== null)
  expect(walled.length).toBeGreaterThan(0)
  for (const operation of walled) {
    const { request } = operation.example.sample(mock.store)
    const path = `/RestApi${exampleRoute(operation, request)}`
    const body = JSON.stringify(request)
    const headers = { 'Content-Type': 'application/json', Accept: 'application/json' }
    await app.request(path, { method: operation.method, headers, body })
    await app.request(path, {
      method: operation.method,
      headers: { ...headers, Authorization },
      body,
    })
  }
  return (await (await app.request('/__mock/journal.har')).json()) as Har
}

describe('verify against a recording behind the login wall', () => {
  it('finds no difference with --auth forms: the wall for anonymous calls, answers for logged-in ones', async () => {
    const har = await wallRecording()
    const statuses = har.log.entries.map((entry) => entry.response.status)
    expect(statuses.filter((status) => status >= 500).length).toBeGreaterThan(0)
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(0)
    const { exchanges, counts } = await verifyRecording(har, {
      operations: createMock({ store: createStore({ seed: 1 }) }).operations,
      config: { auth: 'forms' },
      reasonPhrase: (status) => STATUS_CODES[status],
    })
    expect(exchanges.flatMap((e) => e.differences)).toEqual([])
    expect(counts.same).toBe(har.log.entries.length)
  })

  it('reports the wall as a difference when verify runs without it', async () => {
    const har = await wallRecording()
    const { exchanges } = await verifyRecording(har, {
      operations: createMock({ store: createStore({ seed: 1 }) }).operations,
      reasonPhrase: (status) => STATUS_CODES[status],
    })
    const anonymous = exchanges.filter((e) => e.recorded.status >= 500)
    expect(anonymous.length).toBeGreaterThan(0)
    expect(anonymous.map((e) => e.verdict)).toEqual(anonymous.map(() => 'different'))
  })
})

describe('verify --auth', () => {
  it('refuses a mode the host has not, naming the modes, with exit 2', async () => {
    const { runVerify } = await import('../../src/tools/verify/index.ts')
    const { captured } = await import('./captured-io.ts')
    const io = captured()
    expect(await runVerify(['any.har', '--auth', 'windows'], io)).toBe(2)
    expect(io.err()).toBe(
      "restapi-mock verify: --auth must be one of off, claims, forms, got 'windows'\n",
    )
  })
})
