import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createHandlers, createMock, createStore } from 'restapi-mock/handlers'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

// The README's Vitest recipe, written as a user's suite writes it: the mock's handlers in msw's
// setupServer, fetch against the real URL of the CMS, state reset between tests.

// --- the recipe (quoted in the README) ---
const mock = createMock({ store: createStore() })
const server = setupServer(...createHandlers(mock, { onMiss: 'error' }))
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterEach(() => {
  server.resetHandlers()
  mock.reset()
})
afterAll(() => server.close())
// --- end of the recipe ---
const store = mock.store

const api = 'https://cms.example.com/RestApi/comments-api/comments'
const firstComment = Array.from(store.state.comments.values())[0]
const key = firstComment?.Key ?? ''

function updateComment(body: Record<string, unknown>): Promise<Response> {
  return fetch(api, {
    method: 'PUT',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
}

describe('the mock in a Vitest suite through setupServer', () => {
  it('answers a comment update with the stored comment', async () => {
    const response = await updateComment({ Key: key, Message: 'Changed in the first test' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    const comment = (await response.json()) as Record<string, unknown>
    expect(comment).toMatchObject({ Key: key, Message: 'Changed in the first test' })
    expect(comment.DateCreated).toMatch(/^\/Date\(\d+\)\/$/)
    expect(store.state.comments.get(key.toLowerCase())?.Message).toBe('Changed in the first test')
  })

  it('starts the next test from the seeded state again', async () => {
    expect(store.state.comments.get(key.toLowerCase())?.Message).toBe(firstComment?.Message)
    const state = await fetch('https://cms.example.com/__mock/state')
    const { Comments } = (await state.json()) as { Comments: { Key: string; Message: string }[] }
    expect(Comments.find((comment) => comment.Key === key)?.Message).toBe(firstComment?.Message)
  })

  it('serves what one test puts in with mock.fixtures', async () => {
    // --- the fixtures recipe (quoted in the README) ---
    mock.fixtures({ Comments: [{ Key: 'spam-1', Status: 'Spam', Message: 'x'.repeat(2000) }] })
    const response = await updateComment({ Key: 'spam-1', Name: 'Moderator' })
    // --- end of the fixtures recipe ---
    expect(response.status).toBe(200)
    const comment = (await response.json()) as Record<string, unknown>
    expect(comment).toMatchObject({ Key: 'spam-1', Status: 'Spam', Name: 'Moderator' })
    expect(comment.Message).toHaveLength(2000)
    // Filled from the seed, as the server fills it.
    expect(comment.DateCreated).toMatch(/^\/Date\(\d+\)\/$/)
  })

  it('keeps the fixtures of the test before out of the next, through mock.reset()', async () => {
    expect((await updateComment({ Key: 'spam-1', Name: 'Moderator' })).status).toBe(404)
  })

  it('simulates an outage with a fault rule set through the control plane', async () => {
    const rule = await fetch('https://cms.example.com/__mock/faults', {
      method: 'POST',
      body: JSON.stringify({ path: '/RestApi/comments-api/comments', status: 503 }),
    })
    expect(rule.status).toBe(201)
    expect((await updateComment({ Key: key, Message: 'x' })).status).toBe(503)
  })

  it('leaves no fault rule behind for the next test', async () => {
    expect((await updateComment({ Key: key, Message: 'after the outage' })).status).toBe(200)
  })

  it('answers errors as the real server does', async () => {
    const blank = await updateComment({ Key: ' ' })
    expect(blank.status).toBe(400)
    expect(await blank.json()).toEqual({
      ResponseStatus: { ErrorCode: 'ArgumentException', Message: 'Invalid Key.', Errors: [] },
    })
    const unknown = await updateComment({ Key: 'no-such-key' })
    expect(unknown.status).toBe(404)
    expect(((await unknown.json()) as any).ResponseStatus.ErrorCode).toBe('ItemNotFoundException')
  })

  it('lets one test override an endpoint with server.use', async () => {
    server.use(
      http.put(api, () =>
        HttpResponse.json({ ResponseStatus: { ErrorCode: 'Outage' } }, { status: 503 }),
      ),
    )
    const response = await updateComment({ Key: key, Message: 'Never stored' })
    expect(response.status).toBe(503)
    expect(store.state.comments.get(key.toLowerCase())?.Message).toBe(firstComment?.Message)
  })

  it('serves the real handlers again in the test after the override', async () => {
    const response = await updateComment({ Key: key, Message: 'Back to normal' })
    expect(response.status).toBe(200)
    expect(((await response.json()) as Record<string, unknown>).Message).toBe('Back to normal')
  })

  it('fails a mistyped path where it is called, the near miss named in the cause', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const mistyped = fetch('https://cms.example.com/RestApi/comments-api/commentz', {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ Key: key }),
      })
      const failure = await mistyped.then(
        () => null,
        (error: Error & { cause?: { name?: string; message?: string } }) => error,
      )
      const message =
        'no operation answers PUT /RestApi/comments-api/commentz; did you mean PUT /RestApi/comments-api/comments?'
      expect(failure?.cause).toMatchObject({ name: 'RestApiMockMiss', message })
      expect(printed).toHaveBeenCalledWith(`restapi-mock: ${message}`)
    } finally {
      printed.mockRestore()
    }
  })

  it('fails a call with a wrong base path, naming the service path meant', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const failure = await fetch('https://cms.example.com/api/comments-api/comments', {
        method: 'PUT',
      }).then(
        () => null,
        (error: Error & { cause?: { message?: string } }) => error,
      )
      expect(failure?.cause?.message).toBe(
        'no operation answers PUT /api/comments-api/comments; the service is under /RestApi: did you mean PUT /RestApi/comments-api/comments?',
      )
    } finally {
      printed.mockRestore()
    }
  })

  it('fails a request no handler takes, so a suite never reaches the network by accident', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      await expect(fetch('https://elsewhere.example.com/api')).rejects.toThrow()
      expect(String(printed.mock.calls[0]?.[0])).toContain('without a matching request handler')
    } finally {
      printed.mockRestore()
    }
  })
})
