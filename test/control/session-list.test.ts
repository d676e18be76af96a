import { describe, expect, it } from 'vitest'
import type { SessionsDocument } from '../../src/control/control-documents.ts'
import { buildApp, responseStatusOf, sendJson } from '../support/index.ts'

// Issue 31, point 3: the dashboard lists the sessions (id, created, last used, requests) and
// polls their state. Its reads must not count as uses of what it looks at, and a mock with many
// sessions is listed a page at a time (src/mock/routes/session-routes.ts, control-routes.ts).

type App = ReturnType<typeof buildApp>['app']

async function listed(app: App, query = ''): Promise<SessionsDocument> {
  return (await (await app.request(`/__mock/sessions${query}`)).json()) as SessionsDocument
}

function inSession(app: App, method: string, path: string, id: string): Promise<Response> {
  return sendJson(app, method, path, method === 'GET' ? undefined : {}, { 'X-Mock-Session': id })
}

/** An operation: a write that creates an A/B test in the session. */
const operation = '/RestApi/ab-testing'

describe('GET /__mock/sessions', () => {
  it('counts operations and control writes as uses, and control reads of a session as none', async () => {
    const { app } = buildApp()
    expect((await inSession(app, 'PUT', operation, 'a')).status).toBe(200)
    expect((await inSession(app, 'PUT', '/__mock/scenarios/empty', 'a')).status).toBe(200)
    const before = (await listed(app)).sessions[0]
    expect(before).toMatchObject({ id: 'a', requests: 2, scenario: 'empty' })
    for (const path of [
      '/__mock/state',
      '/__mock/settings',
      '/__mock/scenarios',
      '/__mock/journal',
    ]) {
      expect((await inSession(app, 'GET', path, 'a')).status, path).toBe(200)
    }
    expect((await listed(app)).sessions[0]).toEqual(before)
  })

  it('makes a session a control read names for the first time, and counts that use', async () => {
    const { app } = buildApp()
    expect((await inSession(app, 'GET', '/__mock/state', 'new')).status).toBe(200)
    expect((await listed(app)).sessions).toMatchObject([{ id: 'new', requests: 1 }])
  })

  it('keeps the eviction order when a session is only read', async () => {
    const { app, mock } = buildApp({ maxSessions: 2 })
    await inSession(app, 'PUT', operation, 'old')
    await inSession(app, 'PUT', operation, 'newer')
    await inSession(app, 'GET', '/__mock/state', 'old')
    await inSession(app, 'PUT', operation, 'third')
    // `old` was only read since: it is still the least recently used, and goes.
    expect(mock.sessions.list().map((session) => session.id)).toEqual(['newer', 'third'])
  })

  it('lists the most recently used with ?limit=, and counts them all', async () => {
    const { app } = buildApp()
    const ids = ['s1', 's2', 's3', 's4']
    for (const id of ids) await inSession(app, 'PUT', operation, id)
    const page = await listed(app, '?limit=2')
    expect(page.sessions.map((session) => session.id)).toEqual(ids.slice(-2))
    expect(page.count).toBe(ids.length)
    expect((await listed(app, '?limit=0')).sessions).toEqual([])
    expect((await listed(app, '?limit=99')).sessions).toHaveLength(ids.length)
    expect((await listed(app)).sessions.map((session) => session.id)).toEqual(ids)
  })

  it('refuses a limit that is not a whole number with a 400 ResponseStatus', async () => {
    const { app } = buildApp()
    const response = await app.request('/__mock/sessions?limit=-1')
    expect(response.status).toBe(400)
    expect(await responseStatusOf(response)).toMatchObject({
      ErrorCode: 'ArgumentException',
      Message: "Failed to list the sessions: limit '-1' is not a whole number",
    })
  })
})

// docs/local-by-default.md: a control write from a page of another site is refused before it
// runs (src/node/server/access-check.ts); the dashboard's own writes are same-origin.
describe("the dashboard's session writes and other sites", () => {
  const writes: readonly [method: string, path: string][] = [
    ['DELETE', '/__mock/sessions/a'],
    ['PUT', '/__mock/scenarios/empty?__session=a'],
    ['POST', '/__mock/login?__session=a'],
    ['DELETE', '/__mock/login?__session=a'],
  ]

  it.each(writes)(
    'refuses %s %s from a page of another site, and changes nothing',
    async (method, path) => {
      const { app, mock } = buildApp()
      await inSession(app, 'PUT', operation, 'a')
      const before = mock.sessions.list()
      const headers = { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate' }
      const response = await app.request(path, { method, headers })
      expect(response.status).toBe(403)
      expect((await responseStatusOf(response)).ErrorCode).toBe('Forbidden')
      expect(mock.sessions.list()).toEqual(before)
    },
  )

  it.each(writes)('serves %s %s from the dashboard (same origin)', async (method, path) => {
    const { app } = buildApp()
    await inSession(app, 'PUT', operation, 'a')
    const headers = { 'Sec-Fetch-Site': 'same-origin', Origin: 'http://localhost' }
    const response = await app.request(path, { method, headers })
    expect(response.status).toBeLessThan(300)
  })
})
