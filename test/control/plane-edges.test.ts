import { describe, expect, it } from 'vitest'
import { createMock, createStore } from '../../src/index.ts'
import { buildApp, buildHostApp, commentsPath } from '../support/index.ts'

describe('control plane edges', () => {
  it.each([0, -1, 2.5])('refuses a journal size of %s with a clear error', (journalSize) => {
    expect(() => createMock({ store: createStore(), journalSize })).toThrow(
      /journal: its size must be a whole number of at least 1/,
    )
  })

  it('refuses a reset seed above 2^31 - 1, as the CLI does', async () => {
    const { app } = buildHostApp()
    const response = await app.request('/__mock/reset?seed=2147483648', { method: 'POST' })
    expect(response.status).toBe(400)
    expect((await app.request('/__mock/reset?seed=2147483647', { method: 'POST' })).status).toBe(
      200,
    )
  })

  it("lets a request's own Prefer win over a rule without using up the rule's count", async () => {
    const { app } = buildApp()
    await app.request('/__mock/faults', {
      method: 'POST',
      body: JSON.stringify({ path: commentsPath, status: 503, count: 1 }),
    })
    const own = await app.request(commentsPath, {
      method: 'PUT',
      headers: { Prefer: 'code=429', 'Content-Type': 'application/json' },
      body: '{}',
    })
    expect(own.status).toBe(429)
    const rules = (await (await app.request('/__mock/faults')).json()) as {
      rules: { remaining: number }[]
    }
    expect(rules.rules).toEqual([expect.objectContaining({ remaining: 1 })])
    const next = await app.request(commentsPath, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    })
    expect(next.status).toBe(503)
  })
})

describe('control routes and empty segments', () => {
  it('ignores empty segments under /__mock, as under /RestApi', async () => {
    const { app } = buildHostApp()
    const response = await app.request('//__mock//settings/')
    expect(response.status).toBe(200)
    expect(((await response.json()) as { seed: number }).seed).toBe(1)
  })
})
