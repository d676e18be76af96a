import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMock, createStore, type Mock, type Operation, type Store } from '../../src/index.ts'
import { CommentResponse, CommentUpdateRequest } from '../../src/model/index.ts'
import { defineOperation } from '../../src/wire/index.ts'
import {
  buildApp,
  commentKey,
  commentsPath,
  expectPlain404,
  now,
  readJson,
  sendJson,
} from '../support/index.ts'

// What the app does around the mock: an operation or a user's msw handler that throws, and the
// user's own handlers beside the mock's routes.

afterEach(() => {
  vi.restoreAllMocks()
})

describe('failures inside the mock', () => {
  function throwingMock(store: Store): Mock {
    const boom: Operation = defineOperation({
      method: 'PUT',
      route: '/boom',
      request: CommentUpdateRequest,
      response: CommentResponse,
      summary: 'Throws',
      example: { sample: () => ({ request: {}, response: {} }) },
      resolve: () => {
        throw new Error('Failed to answer: the resolver broke')
      },
    })
    return createMock({ store, operations: [boom], defaultFormat: 'json', clock: () => now })
  }

  it('answers 500 with a ResponseStatus body when an operation throws, and keeps answering', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { app } = buildApp({ mock: throwingMock(createStore({ seed: 1 })) })
    for (let i = 0; i < 2; i++) {
      const response = await sendJson(app, 'PUT', '/RestApi/boom', {})
      expect(response.status).toBe(500)
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
      const { ResponseStatus } = await readJson(response)
      expect(ResponseStatus).toMatchObject({
        Message: 'Failed to answer: the resolver broke',
        Errors: [],
      })
      expect(ResponseStatus.ErrorCode).toEqual(expect.any(String))
    }
    await expectPlain404(await app.request('/RestApi/other'))
    expect(errors).toHaveBeenCalled()
  })

  it('answers 500 with a ResponseStatus body when a user handler throws, and keeps answering', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { app, store } = buildApp({
      handlers: [
        http.get('*/api/broken', () => {
          throw new Error('the user handler broke')
        }),
      ],
    })
    const response = await app.request('/api/broken')
    expect(response.status).toBe(500)
    const body = await readJson(response)
    expect(body.ResponseStatus).toMatchObject({ Errors: [] })
    expect(body.ResponseStatus.Message).toContain('the user handler broke')
    const next = await sendJson(app, 'PUT', commentsPath, { Key: commentKey(store) })
    expect(next.status).toBe(200)
  })
})

describe('the user’s own msw handlers', () => {
  it('answers their own paths beside the mock’s routes', async () => {
    const { app, store } = buildApp({
      handlers: [
        http.get('*/api/own', () => HttpResponse.json({ ok: true })),
        http.post('*/api/echo', async ({ request }) => HttpResponse.json(await request.json())),
      ],
    })
    const own = await app.request('/api/own')
    expect(own.status).toBe(200)
    expect(await own.json()).toEqual({ ok: true })
    const echo = await app.request('/api/echo', { method: 'POST', body: '{"a":1}' })
    expect(await echo.json()).toEqual({ a: 1 })
    expect((await sendJson(app, 'PUT', commentsPath, { Key: commentKey(store) })).status).toBe(200)
    await expectPlain404(await app.request('/api/not-theirs'))
  })

  it('lets a user handler add a verb the mock lacks on a known path', async () => {
    const { app } = buildApp({
      handlers: [
        http.get('*/RestApi/comments-api/comments', () => HttpResponse.json({ Items: [] })),
      ],
    })
    const response = await app.request(commentsPath)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ Items: [] })
  })

  it('does not let a user handler shadow a mock route', async () => {
    const { app } = buildApp({
      handlers: [
        http.put('*/RestApi/comments-api/comments', () => HttpResponse.json({ shadow: true })),
      ],
    })
    const response = await sendJson(app, 'PUT', commentsPath, { Key: '' })
    expect(response.status).toBe(400)
  })
})
