import { describe, expect, it } from 'vitest'
import { createMock, createStore, type Scenario } from '../../src/index.ts'
import { buildApp, commentKey, responseStatusOf } from '../support/index.ts'

// Issue 15, sessions: one server, isolated states, named by a header, a cookie or the query.

type App = ReturnType<typeof buildApp>['app']

const key = commentKey(createStore({ seed: 1 }))
const comments = '/RestApi/comments-api/comments'

function update(app: App, message: string, headers: Record<string, string> = {}, query = '') {
  return app.request(`${comments}${query}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
    body: JSON.stringify({ Key: key, Message: message }),
  })
}

async function messageOf(app: App, headers: Record<string, string> = {}, query = '') {
  const response = await app.request(`/__mock/state${query}`, { headers })
  const state = (await response.json()) as { Comments: { Key: string; Message: string }[] }
  return state.Comments.find((comment) => comment.Key === key)?.Message
}

async function control(
  app: App,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<Response> {
  return await app.request(path, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
}

describe('session selectors', () => {
  it('keeps the writes of each session, named by header, cookie or query, from the others', async () => {
    const { app } = buildApp()
    const seeded = await messageOf(app)
    expect((await update(app, 'by header', { 'X-Mock-Session': 'a' })).status).toBe(200)
    expect((await update(app, 'by cookie', { Cookie: 'x=1; restapi-mock-session=b' })).status).toBe(
      200,
    )
    expect((await update(app, 'by query', {}, '?__session=c')).status).toBe(200)
    expect(await messageOf(app, { 'X-Mock-Session': 'a' })).toBe('by header')
    expect(await messageOf(app, { Cookie: 'restapi-mock-session=b' })).toBe('by cookie')
    expect(await messageOf(app, {}, '?__session=c')).toBe('by query')
    // No selector: the shared state, untouched.
    expect(await messageOf(app)).toBe(seeded)
    expect(seeded).not.toBe('by header')
  })

  it('takes the header over the query, and the query over the cookie', async () => {
    const { app } = buildApp()
    await update(
      app,
      'header wins',
      { 'X-Mock-Session': 'h', Cookie: 'restapi-mock-session=k' },
      '?__session=q',
    )
    expect(await messageOf(app, { 'X-Mock-Session': 'h' })).toBe('header wins')
    await update(app, 'query wins', { Cookie: 'restapi-mock-session=k' }, '?__session=q')
    expect(await messageOf(app, {}, '?__session=q')).toBe('query wins')
    expect(await messageOf(app, {}, '?__session=k')).not.toBe('query wins')
  })

  it.each([
    ['a 65-character id', { 'X-Mock-Session': 'a'.repeat(65) }, ''],
    ['a slash', { 'X-Mock-Session': 'a/b' }, ''],
    ['a space in the cookie', { Cookie: 'restapi-mock-session=a b' }, ''],
    ['an empty query value', {}, '?__session='],
  ])('answers 400 ArgumentException for %s, and changes nothing', async (_name, headers, query) => {
    const { app, mock } = buildApp()
    const seeded = await messageOf(app)
    const response = await update(app, 'nope', headers, query)
    expect(response.status).toBe(400)
    const status = await responseStatusOf(response)
    expect(status.ErrorCode).toBe('ArgumentException')
    expect(status.Message).toContain('Session id')
    const control = await app.request(`/__mock/state${query}`, { headers })
    expect(control.status).toBe(400)
    expect((await responseStatusOf(control)).ErrorCode).toBe('ArgumentException')
    expect(await messageOf(app)).toBe(seeded)
    expect(mock.sessions.size).toBe(0)
  })

  it('answers the 400 in the negotiated format', async () => {
    const { app } = buildApp()
    const response = await app.request(comments, {
      method: 'PUT',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/xml',
        'X-Mock-Session': '!',
      },
      body: JSON.stringify({ Key: key }),
    })
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toContain('application/xml')
    expect(await response.text()).toContain('<ErrorCode>ArgumentException</ErrorCode>')
  })
})

describe('a session’s state', () => {
  it('starts from the current scenario’s start, not from the shared state’s writes', async () => {
    const { app } = buildApp()
    await update(app, 'shared write')
    const fresh = await messageOf(app, { 'X-Mock-Session': 's1' })
    expect(fresh).not.toBe('shared write')
    await control(app, 'PUT', '/__mock/scenarios/empty')
    const counts = (await (
      await app.request('/__mock/state?limit=1', { headers: { 'X-Mock-Session': 's2' } })
    ).json()) as { Counts: { Comments: number } }
    expect(counts.Counts.Comments).toBe(0)
    // The first session stays in the scenario it was made in.
    expect(await messageOf(app, { 'X-Mock-Session': 's1' })).toBe(fresh)
  })

  it('has its own reset, snapshots, fixtures and scenario', async () => {
    const { app } = buildApp()
    const a = { 'X-Mock-Session': 'a' }
    const seeded = await messageOf(app)
    await control(app, 'POST', '/__mock/snapshots/before', a)
    await update(app, 'changed', a)
    expect((await control(app, 'GET', '/__mock/snapshots')).status).toBe(200)
    const sharedSnapshots = (await (await control(app, 'GET', '/__mock/snapshots')).json()) as {
      snapshots: unknown[]
    }
    expect(sharedSnapshots.snapshots).toEqual([])
    expect((await control(app, 'PUT', '/__mock/snapshots/before')).status).toBe(404)
    expect((await control(app, 'PUT', '/__mock/snapshots/before', a)).status).toBe(200)
    expect(await messageOf(app, a)).toBe(seeded)

    const posted = await control(app, 'POST', '/__mock/fixtures', a, {
      Comments: [{ Key: 'only-in-a', Status: 'Spam' }],
    })
    expect(posted.status).toBe(201)
    const inA = (await (await control(app, 'GET', '/__mock/state', a)).json()) as {
      Comments: { Key: string }[]
    }
    const inShared = (await (await control(app, 'GET', '/__mock/state')).json()) as {
      Comments: { Key: string }[]
    }
    expect(inA.Comments.map((c) => c.Key)).toContain('only-in-a')
    expect(inShared.Comments.map((c) => c.Key)).not.toContain('only-in-a')

    await update(app, 'again', a)
    await control(app, 'POST', '/__mock/reset', a)
    expect(await messageOf(app, a)).toBe(seeded)

    expect((await control(app, 'PUT', '/__mock/scenarios/empty', a)).status).toBe(200)
    const scenarios = async (headers: Record<string, string>) =>
      (
        (await (await control(app, 'GET', '/__mock/scenarios', headers)).json()) as {
          current: string
        }
      ).current
    expect(await scenarios(a)).toBe('empty')
    expect(await scenarios({})).toBe('default')
  })

  it('has its own latency and fault rules, and a scenario’s rules apply to the state in it', async () => {
    const failing: Scenario = {
      description: 'Comment updates fail',
      faults: [{ method: 'PUT', path: '*comments*', status: 503 }],
    }
    const { app } = buildApp({
      mock: createMock({
        store: createStore({ seed: 1 }),
        defaultFormat: 'json',
        scenarios: { failing },
      }),
    })
    const a = { 'X-Mock-Session': 'a' }
    await control(app, 'PUT', '/__mock/scenarios/failing', a)
    expect((await update(app, 'x', a)).status).toBe(503)
    expect((await update(app, 'x')).status).toBe(200)
    expect((await update(app, 'x', { 'X-Mock-Session': 'b' })).status).toBe(200)
    const settings = (await (await control(app, 'GET', '/__mock/settings', a)).json()) as {
      faults: unknown[]
      session: string
      scenario: string
    }
    expect(settings).toMatchObject({ session: 'a', scenario: 'failing' })
    expect(settings.faults).toHaveLength(1)
    // A rule added in a session is that session's alone.
    await control(app, 'POST', '/__mock/faults', { 'X-Mock-Session': 'b' }, { status: 418 })
    expect((await update(app, 'x', { 'X-Mock-Session': 'b' })).status).toBe(418)
    expect((await update(app, 'x')).status).toBe(200)
  })

  it('sees its own journal entries; the shared view sees every entry with its session', async () => {
    const { app } = buildApp()
    await update(app, 'one', { 'X-Mock-Session': 'a' })
    await update(app, 'two', { 'X-Mock-Session': 'b' })
    await update(app, 'three')
    const journal = async (headers: Record<string, string>) =>
      (
        (await (await control(app, 'GET', '/__mock/journal', headers)).json()) as {
          entries: { session: string | null; requestBody: string }[]
        }
      ).entries
    expect((await journal({ 'X-Mock-Session': 'a' })).map((e) => e.session)).toEqual(['a'])
    expect((await journal({})).map((e) => e.session)).toEqual(['a', 'b', null])
    expect(
      (await control(app, 'DELETE', '/__mock/journal', { 'X-Mock-Session': 'a' })).status,
    ).toBe(204)
    expect(await journal({ 'X-Mock-Session': 'a' })).toEqual([])
    expect(await journal({})).toHaveLength(3)
    await update(app, 'four', { 'X-Mock-Session': 'a' })
    expect((await journal({ 'X-Mock-Session': 'a' })).map((e) => e.requestBody)).toEqual([
      expect.stringContaining('four'),
    ])
  })
})

describe('/__mock/sessions', () => {
  it('lists the sessions, deletes one (204, then 404), and its next request starts afresh', async () => {
    const { app } = buildApp()
    const seeded = await messageOf(app)
    await update(app, 'mine', { 'X-Mock-Session': 'gone' })
    await update(app, 'mine too', { 'X-Mock-Session': 'gone' })
    const listed = (await (await control(app, 'GET', '/__mock/sessions')).json()) as {
      sessions: { id: string; createdAt: string; lastUsedAt: string; requests: number }[]
      max: number
    }
    expect(listed.max).toBe(1000)
    expect(listed.sessions).toHaveLength(1)
    const [session] = listed.sessions
    expect(session).toMatchObject({ id: 'gone', requests: 2 })
    expect(Date.parse(session?.lastUsedAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(session?.createdAt ?? ''),
    )
    expect((await control(app, 'DELETE', '/__mock/sessions/gone')).status).toBe(204)
    const again = await control(app, 'DELETE', '/__mock/sessions/gone')
    expect(again.status).toBe(404)
    expect((await responseStatusOf(again)).ErrorCode).toBe('NotFound')
    expect(await messageOf(app, { 'X-Mock-Session': 'gone' })).toBe(seeded)
  })

  it('drops the least recently used session past maxSessions', async () => {
    const { app, mock } = buildApp({
      mock: createMock({ store: createStore({ seed: 1 }), defaultFormat: 'json', maxSessions: 2 }),
    })
    await update(app, 'a', { 'X-Mock-Session': 'a' })
    await update(app, 'b', { 'X-Mock-Session': 'b' })
    await update(app, 'a again', { 'X-Mock-Session': 'a' })
    await update(app, 'c', { 'X-Mock-Session': 'c' })
    expect(mock.sessions.list().map((s) => s.id)).toEqual(['a', 'c'])
    expect(await messageOf(app, { 'X-Mock-Session': 'a' })).toBe('a again')
    expect(await messageOf(app, { 'X-Mock-Session': 'b' })).not.toBe('b')
  })

  it('keeps the order of use when one session sends several requests in a row', async () => {
    const { app, mock } = buildApp({
      mock: createMock({ store: createStore({ seed: 1 }), defaultFormat: 'json', maxSessions: 2 }),
    })
    await update(app, 'a', { 'X-Mock-Session': 'a' })
    await update(app, 'b', { 'X-Mock-Session': 'b' })
    await update(app, 'b again', { 'X-Mock-Session': 'b' })
    await update(app, 'a again', { 'X-Mock-Session': 'a' })
    await update(app, 'a thrice', { 'X-Mock-Session': 'a' })
    await update(app, 'c', { 'X-Mock-Session': 'c' })
    expect(mock.sessions.list().map((s) => [s.id, s.requests])).toEqual([
      ['a', 3],
      ['c', 1],
    ])
    // Deleted while newest, it starts again on its next request.
    expect((await control(app, 'DELETE', '/__mock/sessions/c')).status).toBe(204)
    await update(app, 'c anew', { 'X-Mock-Session': 'c' })
    expect(mock.sessions.list().map((s) => [s.id, s.requests])).toEqual([
      ['a', 3],
      ['c', 1],
    ])
  })

  it('are dropped by mock.reset(), and mock.fixtures and mock.scenario take a session', async () => {
    const mock = createMock({ store: createStore({ seed: 1 }), defaultFormat: 'json' })
    mock.fixtures({ Comments: [{ Key: 'in-t1' }] }, { session: 't1' })
    mock.scenario('empty', { session: 't2' })
    expect(mock.sessions.get('t1').store.state.comments.has('in-t1')).toBe(true)
    expect(mock.store.state.comments.has('in-t1')).toBe(false)
    expect(mock.sessions.get('t2').store.state.comments.size).toBe(0)
    expect(mock.store.state.comments.size).toBe(24)
    mock.reset()
    expect(mock.sessions.size).toBe(0)
  })
})
