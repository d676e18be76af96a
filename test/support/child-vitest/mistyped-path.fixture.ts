import { setupServer } from 'msw/node'
import { createHandlers, createMock, createStore } from 'restapi-mock/handlers'
import { afterAll, beforeAll, expect, it } from 'vitest'

// A user's test with a typo in the path, under the README's Vitest recipe: run as a child
// vitest by test/runtimes/on-miss-vitest.slow.test.ts, which reads how it fails.
const mock = createMock({ store: createStore() })
const server = setupServer(...createHandlers(mock, { onMiss: 'error' }))
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterAll(() => server.close())

it('updates a comment', async () => {
  const response = await fetch('https://cms.example.com/RestApi/comments-api/commentz', {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  })
  expect(response.status).toBe(200)
})
