import { describe, expect, it } from 'vitest'
import { createMock, createStore } from '../../src/index.ts'
import { buildApp } from '../support/index.ts'

// Issue 15, fixtures: partial entities in the /__mock/state shape, completed from the seed.

interface StateBody {
  readonly Comments: Record<string, unknown>[]
  readonly ABTests: Record<string, unknown>[]
  readonly Services: Record<string, unknown>[]
  readonly Containers: Record<string, unknown>[]
}

async function postFixtures(
  app: ReturnType<typeof buildApp>['app'],
  body: unknown,
): Promise<Response> {
  return app.request('/__mock/fixtures', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
}

const spam = { Key: 'spam-1', Status: 'Spam', Message: 'x'.repeat(2000) }

describe('POST /__mock/fixtures', () => {
  it('answers 201 with the entities completed from the seed, server fields included', async () => {
    const { app } = buildApp()
    const response = await postFixtures(app, { Comments: [spam] })
    expect(response.status).toBe(201)
    const body = (await response.json()) as StateBody
    expect(body.ABTests).toEqual([])
    const [comment] = body.Comments
    expect(comment).toMatchObject(spam)
    for (const field of ['DateCreated', 'ThreadKey', 'AuthorIpAddress', 'Name', 'Email']) {
      expect(comment?.[field], field).toEqual(expect.any(String))
    }
    expect(comment?.DateCreated).toMatch(/^\/Date\(-?\d+\)\/$/)
  })

  it('stores them: the operations and /__mock/state see them', async () => {
    const { app } = buildApp()
    await postFixtures(app, { Comments: [spam] })
    const update = await app.request('/RestApi/comments-api/comments', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ Key: 'spam-1', Message: 'edited' }),
    })
    expect(update.status).toBe(200)
    expect(await update.json()).toMatchObject({ Key: 'spam-1', Status: 'Spam', Message: 'edited' })
    const state = (await (await app.request('/__mock/state')).json()) as StateBody
    expect(state.Comments.filter((c) => c.Key === 'spam-1')).toHaveLength(1)
  })

  it('fills what is left out the same way for the same seed and key', async () => {
    const first = await (await postFixtures(buildApp().app, { Comments: [{ Key: 'k' }] })).text()
    const second = await (await postFixtures(buildApp().app, { Comments: [{ Key: 'k' }] })).text()
    const other = await (await postFixtures(buildApp().app, { Comments: [{ Key: 'j' }] })).text()
    expect(second).toBe(first)
    expect(other).not.toBe(first.replace('"k"', '"j"'))
  })

  it('replaces an entity whose key is stored already', async () => {
    const { app, store } = buildApp()
    const [seeded] = store.state.comments.values()
    const key = seeded?.Key as string
    const count = store.state.comments.size
    await postFixtures(app, { Comments: [{ Key: key, Message: 'replaced' }] })
    expect(store.state.comments.size).toBe(count)
    expect(store.state.comments.get(key.toLowerCase())?.Message).toBe('replaced')
  })

  it.each([
    {
      behaviour: 'a value of the wrong type',
      body: { Comments: [spam, { Key: 'bad', Rating: 'abc' }] },
      errorCode: 'SerializationException',
      field: 'Comments[1].Rating',
    },
    {
      behaviour: 'a comment without its Key',
      body: { Comments: [{ Message: 'no key' }] },
      errorCode: 'ArgumentException',
      field: 'Comments[0].Key',
    },
    {
      behaviour: 'a date that is no date',
      body: { ABTests: [{ Id: 'c0a8012e-7f3b-4a1d-9b2e-5d6f7a8b9c0d', StartDate: 'never' }] },
      errorCode: 'SerializationException',
      field: 'ABTests[0].StartDate',
    },
    {
      behaviour: 'a collection that is not a list',
      body: { Comments: { Key: 'x' } },
      errorCode: 'SerializationException',
      field: null,
    },
  ])(
    'answers 400 naming the field for $behaviour, and stores nothing',
    async ({ body, errorCode, field }) => {
      const { app, store } = buildApp()
      const before = (await (await app.request('/__mock/state')).text()).length
      const response = await postFixtures(app, body)
      expect(response.status).toBe(400)
      const { ResponseStatus } = (await response.json()) as {
        ResponseStatus: { ErrorCode: string; Message: string }
      }
      expect(ResponseStatus.ErrorCode).toBe(errorCode)
      expect(ResponseStatus.Message).toContain(field ?? 'must be a list')
      expect(store.state.comments.has('spam-1')).toBe(false)
      expect((await (await app.request('/__mock/state')).text()).length).toBe(before)
    },
  )
})

describe('bad fixture bodies', () => {
  it('answers 400 SerializationException for a body that is not JSON, and stores nothing', async () => {
    const { app, store } = buildApp()
    const count = store.state.comments.size
    const response = await app.request('/__mock/fixtures', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"Comments": [{"Key": "half',
    })
    expect(response.status).toBe(400)
    expect(((await response.json()) as any).ResponseStatus.ErrorCode).toBe('SerializationException')
    expect(store.state.comments.size).toBe(count)
  })

  it('answers 413 for a body over the limit, in the ResponseStatus shape, and stores nothing', async () => {
    const { app, store } = buildApp({ limits: { bodyBytes: 64 * 1024 } })
    const count = store.state.comments.size
    const comments = Array.from({ length: 100 }, (_, i) => ({
      Key: `big-${i}`,
      Message: 'x'.repeat(1000),
    }))
    const response = await postFixtures(app, { Comments: comments })
    expect(response.status).toBe(413)
    const { ResponseStatus } = (await response.json()) as { ResponseStatus: { Message: string } }
    expect(ResponseStatus.Message).toMatch(/limit|large|bytes/i)
    expect(store.state.comments.size).toBe(count)
    expect(store.state.comments.has('big-0')).toBe(false)
  })

  it('answers 404 for an unknown scenario and 400 for a bad session id on the fixtures route', async () => {
    const { app, store } = buildApp()
    const count = store.state.comments.size
    const badSession = await app.request('/__mock/fixtures', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Mock-Session': 'no spaces' },
      body: JSON.stringify({ Comments: [spam] }),
    })
    expect(badSession.status).toBe(400)
    expect(((await badSession.json()) as any).ResponseStatus.ErrorCode).toBe('ArgumentException')
    const unknown = await app.request('/__mock/scenarios/nope', { method: 'PUT' })
    expect(unknown.status).toBe(404)
    expect(store.state.comments.size).toBe(count)
    expect(store.state.comments.has('spam-1')).toBe(false)
  })
})

describe('fixtures in code', () => {
  it('mock.fixtures stores and returns the completed entities', () => {
    const mock = createMock({ store: createStore({ seed: 1 }) })
    const { ABTests } = mock.fixtures({
      ABTests: [{ Id: 'c0a8012e-7f3b-4a1d-9b2e-5d6f7a8b9c0d', Variations: [] }],
    })
    expect(ABTests[0]?.Variations).toEqual([])
    expect(ABTests[0]?.Page).toEqual(expect.any(String))
    expect(
      mock.store.state.abTests.get('c0a8012e-7f3b-4a1d-9b2e-5d6f7a8b9c0d')?.Variations,
    ).toEqual([])
  })

  it('createStore takes fixtures, and a wrong field throws naming it', () => {
    const store = createStore({ seed: 1, fixtures: { Services: [{ Route: '/fixture/route' }] } })
    expect(store.state.services.get('/fixture/route')?.Route).toBe('/fixture/route')
    expect(() =>
      createStore({ fixtures: { Comments: [{ Key: 'k', Rating: 'high' as unknown as number }] } }),
    ).toThrow(/Comments\[0\]\.Rating/)
  })

  it('rejects unknown field names at compile time', () => {
    const mock = createMock({ store: createStore({ seed: 1 }) })
    // @ts-expect-error Colour is no field of CommentResponse
    mock.fixtures({ Comments: [{ Key: 'typed', Colour: 'red' }] })
    expect(mock.store.state.comments.has('typed')).toBe(true)
  })
})
