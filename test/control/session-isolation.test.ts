import { describe, expect, it } from 'vitest'
import { createJournal, type JournalRecord } from '../../src/control/journal/journal.ts'
import { createMock, createStore } from '../../src/index.ts'
import { rememberedEvictions } from '../../src/mock/sessions.ts'
import { buildApp, commentKey, commentsPath, responseStatusOf } from '../support/index.ts'

// Issue 26, point 13: sessions that keep to themselves. The journal holds a share per state, a
// dropped session takes its entries with it, an evicted session says so, and a global setting
// is not changed from inside a session.

type App = ReturnType<typeof buildApp>['app']

const key = commentKey(createStore({ seed: 1 }))

function inSession(id: string | null): Record<string, string> {
  return id === null ? {} : { 'X-Mock-Session': id }
}

function update(app: App, session: string | null, message = 'm'): Promise<Response> {
  return Promise.resolve(
    app.request(commentsPath, {
      method: 'PUT',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        ...inSession(session),
      },
      body: JSON.stringify({ Key: key, Message: message }),
    }),
  )
}

interface Entry {
  readonly id: number
  readonly session: string | null
}

async function journalOf(app: App, session: string | null): Promise<Entry[]> {
  const response = await app.request('/__mock/journal', { headers: inSession(session) })
  return ((await response.json()) as { entries: Entry[] }).entries
}

function record(session: string | null): JournalRecord {
  return {
    startedAt: 0,
    session,
    source: 'mock',
    method: 'PUT',
    url: 'http://127.0.0.1/RestApi/comments-api/comments',
    format: 'json',
    status: 200,
    statusText: '',
    durationMs: 1,
    delayMs: 0,
    fault: null,
    warnings: [],
    requestHeaders: [],
    requestText: '{}',
    responseHeaders: null,
    responseText: '{}',
  }
}

function countsBySession(entries: readonly { session: string | null }[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const { session } of entries) counts[String(session)] = (counts[String(session)] ?? 0) + 1
  return counts
}

describe('the journal’s share per session', () => {
  it('keeps a quiet session’s entry while a busy session sends more than the journal holds', async () => {
    const { app, mock } = buildApp({ journalSize: 20 })
    await update(app, 'jA')
    for (let i = 0; i < 60; i++) await update(app, 'jB')
    expect(await journalOf(app, 'jA')).toHaveLength(1)
    expect((await journalOf(app, 'jB')).length).toBe(19)
    expect(mock.control.journal.entries()).toHaveLength(20)
  })

  it.each([
    // [what A holds, what B then floods, what A keeps]: A below its share (5 of 10) keeps all
    // of it; above its share it gives up entries down to the share, never below.
    [3, 100, 3],
    [5, 100, 5],
    [8, 100, 5],
    [10, 3, 7],
  ])(
    'a session holding %i of 10 entries keeps, after another sends %i, %i of them',
    (held, flood, kept) => {
      const journal = createJournal(10)
      for (let i = 0; i < held; i++) journal.add(record('A'))
      for (let i = 0; i < flood; i++) journal.add(record('B'))
      const counts = countsBySession(journal.entries())
      expect(counts.A).toBe(kept)
      expect(journal.entries()).toHaveLength(10)
    },
  )

  it('counts the shared state as one holder among the sessions', () => {
    const journal = createJournal(9)
    for (let i = 0; i < 2; i++) journal.add(record(null))
    for (let i = 0; i < 2; i++) journal.add(record('A'))
    for (let i = 0; i < 50; i++) journal.add(record('B'))
    expect(countsBySession(journal.entries())).toEqual({ null: 2, A: 2, B: 5 })
  })

  it('keeps a quiet session’s entries when another floods the byte budget', () => {
    const journal = createJournal(500, 256 * 1024)
    journal.add(record('A'))
    const big = {
      ...record('B'),
      requestText: 'x'.repeat(100_000),
      responseText: 'y'.repeat(9_000),
    }
    for (let i = 0; i < 200; i++) journal.add(big)
    expect(journal.bytes).toBeLessThanOrEqual(256 * 1024)
    expect(countsBySession(journal.entries()).A).toBe(1)
  })

  it('is a ring for a single state: the oldest entry goes first', () => {
    const journal = createJournal(3)
    for (let i = 0; i < 7; i++) journal.add(record('A'))
    expect(journal.entries().map((entry) => entry.id)).toEqual([5, 6, 7])
  })
})

describe('a deleted session’s journal entries', () => {
  it.each([
    ['DELETE /__mock/sessions/gone', '/__mock/sessions/gone'],
    ['DELETE /__mock/sessions', '/__mock/sessions'],
  ])('are gone after %s: a new session of that id sees none', async (_name, path) => {
    const { app } = buildApp()
    await update(app, 'gone')
    await update(app, 'gone')
    await update(app, null)
    expect(await journalOf(app, 'gone')).toHaveLength(2)
    expect((await app.request(path, { method: 'DELETE' })).status).toBe(204)
    const shared = await journalOf(app, null)
    expect(shared.filter((entry) => entry.session === 'gone')).toEqual([])
    expect(shared.filter((entry) => entry.session === null)).toHaveLength(1)
    await update(app, 'gone')
    expect(await journalOf(app, 'gone')).toHaveLength(1)
  })

  it('are gone after mock.sessions.delete(id) in code', async () => {
    const { app, mock } = buildApp()
    await update(app, 'coded')
    mock.sessions.delete('coded')
    expect(mock.control.journal.entries()).toEqual([])
  })
})

describe('an evicted session', () => {
  function smallApp() {
    const mock = createMock({
      store: createStore({ seed: 1 }),
      defaultFormat: 'json',
      maxSessions: 2,
    })
    return buildApp({ mock })
  }

  async function evictA(app: App): Promise<void> {
    await update(app, 'a', 'mine')
    await update(app, 'b')
    await update(app, 'c')
  }

  it.each([
    ['an operation', (app: App) => update(app, 'a')],
    [
      'a control route',
      (app: App) => Promise.resolve(app.request('/__mock/state', { headers: inSession('a') })),
    ],
  ])(
    'says in its next answer, from %s, that it was evicted and started again',
    async (_name, next) => {
      const { app } = smallApp()
      await evictA(app)
      const response = await next(app)
      expect(response.status).toBe(200)
      expect(response.headers.get('x-mock-warning')).toMatch(
        /Session 'a' was evicted .*started again from the start of scenario 'default'/,
      )
      // Once: the answer after it has nothing to say.
      expect((await next(app)).headers.get('x-mock-warning')).toBeNull()
    },
  )

  it('adds a notice, and its entries leave the journal', async () => {
    const { app } = smallApp()
    await evictA(app)
    expect((await journalOf(app, null)).map((entry) => entry.session)).toEqual(['b', 'c'])
    await update(app, 'a')
    const { notices } = (await (await app.request('/__mock/notices')).json()) as {
      notices: { message: string }[]
    }
    expect(notices.map((notice) => notice.message)).toEqual([
      expect.stringMatching(/^Session 'a' was evicted/),
    ])
  })

  it('is remembered among the last 10,000 evicted ids only: memory stays bounded', () => {
    const mock = createMock({ store: createStore({ seed: 1 }), maxSessions: 1 })
    for (let i = 0; i <= rememberedEvictions + 1; i++) mock.sessions.get(`x${i}`)
    // 10,001 were evicted: x0, the first, is forgotten. (Each get below evicts one more.)
    expect(mock.sessions.get('x0').warning).toBeNull()
    expect(mock.sessions.get('x5').warning).toMatch(/^Session 'x5' was evicted/)
    expect(mock.control.notices.list().length).toBeLessThanOrEqual(50)
  })

  it('says nothing after it was deleted on purpose, nor for a session never seen', async () => {
    const { app } = smallApp()
    await evictA(app)
    expect((await app.request('/__mock/sessions/a', { method: 'DELETE' })).status).toBe(404)
    expect((await update(app, 'a')).headers.get('x-mock-warning')).toBeNull()
    expect((await update(app, 'never-seen')).headers.get('x-mock-warning')).toBeNull()
  })
})

describe('a global setting sent in a session', () => {
  const selectors: [string, Record<string, string>, string][] = [
    ['the header', { 'X-Mock-Session': 's1' }, ''],
    ['the cookie', { Cookie: 'restapi-mock-session=s1' }, ''],
    ['the query', {}, '?__session=s1'],
  ]

  it.each(selectors)(
    'refuses PUT /__mock/passthrough naming a session by %s with a 400 saying it is global',
    async (_name, headers, query) => {
      const { app, mock } = buildApp()
      const response = await app.request(`/__mock/passthrough${query}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ operations: ['CommentUpdateRequest'] }),
      })
      expect(response.status).toBe(400)
      const status = await responseStatusOf(response)
      expect(status.ErrorCode).toBe('ArgumentException')
      expect(status.Message).toMatch(/^Failed to set the passthrough: this is global/)
      expect([...mock.passthrough]).toEqual([])
      expect(mock.sessions.size).toBe(0)
    },
  )

  it.each(selectors)(
    'refuses DELETE /__mock/sessions naming a session by %s, and drops none',
    async (_name, headers, query) => {
      const { app, mock } = buildApp()
      await update(app, 'other')
      const response = await app.request(`/__mock/sessions${query}`, {
        method: 'DELETE',
        headers,
      })
      expect(response.status).toBe(400)
      expect((await responseStatusOf(response)).Message).toMatch(
        /^Failed to drop every session .*this is global/,
      )
      expect(mock.sessions.list().map((session) => session.id)).toEqual(['other'])
    },
  )

  it('takes PUT /__mock/passthrough without a session, and a session may drop itself', async () => {
    const { app, mock } = buildApp()
    const response = await app.request('/__mock/passthrough', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ operations: ['CommentUpdateRequest'] }),
    })
    expect(response.status).toBe(200)
    expect([...mock.passthrough]).toEqual(['CommentUpdateRequest'])
    await update(app, 'me')
    const dropped = await app.request('/__mock/sessions/me', {
      method: 'DELETE',
      headers: inSession('me'),
    })
    expect(dropped.status).toBe(204)
  })
})
