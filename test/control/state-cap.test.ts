import { describe, expect, it } from 'vitest'
import { createMock, createStore, StateFullError } from '../../src/index.ts'
import { stateJson } from '../../handlers/index.ts'
import { buildApp, commentKey, commentsPath, sendJson } from '../support/index.ts'

// Issue 26, point 10: a write that would take a state past --max-state-bytes is a 507 in the
// ResponseStatus shape, and nothing of it is stored.

/** A comment fixture with a GUID key made from `n`, and a Message of `chars` characters. */
function bigComment(n: number, chars: number): Record<string, unknown> {
  const key = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
  return { Key: key, Status: 'Published', Message: 'x'.repeat(chars) }
}

async function postFixtures(app: ReturnType<typeof buildApp>['app'], body: unknown) {
  return sendJson(app, 'POST', '/__mock/fixtures', body)
}

describe('--max-state-bytes (maxStateBytes)', () => {
  it('answers 507 InsufficientStorage to fixtures past the limit and stores none of them', async () => {
    const { app, store } = buildApp({ maxStateBytes: 50_000 })
    const first = await postFixtures(app, { Comments: [bigComment(1, 20_000)] })
    expect(first.status).toBe(201)
    const before = stateJson(store)
    const bytesBefore = store.bytes

    // The first of these fits, the second does not: the batch is refused whole.
    const refused = await postFixtures(app, {
      Comments: [bigComment(2, 20_000), bigComment(3, 20_000)],
    })
    expect(refused.status).toBe(507)
    const body = (await refused.json()) as { ResponseStatus: Record<string, unknown> }
    expect(body.ResponseStatus.ErrorCode).toBe('InsufficientStorage')
    expect(body.ResponseStatus.Message).toMatch(/past its limit of 50000/)
    expect(body.ResponseStatus.Errors).toEqual([])
    expect(stateJson(store)).toBe(before)
    expect(store.bytes).toBe(bytesBefore)
  })

  it('answers 507 to an update that would grow the state past the limit, in the negotiated format, and keeps the stored comment', async () => {
    const { app, store } = buildApp({ maxStateBytes: 30_000 })
    const key = commentKey(store)
    const fits = await sendJson(app, 'PUT', commentsPath, { Key: key, Message: 'y'.repeat(20_000) })
    expect(fits.status).toBe(200)
    const other = commentKey(store, 1)
    const stored = store.state.comments.get(other.toLowerCase())

    const xml = await app.request(commentsPath, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Accept: 'application/xml' },
      body: JSON.stringify({ Key: other, Message: 'z'.repeat(20_000) }),
    })
    expect(xml.status).toBe(507)
    expect(xml.headers.get('Content-Type')).toMatch(/xml/)
    expect(await xml.text()).toMatch(/<ErrorCode>InsufficientStorage<\/ErrorCode>/)
    expect(store.state.comments.get(other.toLowerCase())).toBe(stored)

    // A write that does not grow the state still goes through at the limit.
    const shrink = await sendJson(app, 'PUT', commentsPath, { Key: key, Message: 'short' })
    expect(shrink.status).toBe(200)
  })

  it('counts each state on its own: a session has the same limit, and its writes leave the shared state alone', async () => {
    const { app, store } = buildApp({ maxStateBytes: 30_000 })
    const session = { 'X-Mock-Session': 'cap-1' }
    const inSession = await sendJson(
      app,
      'POST',
      '/__mock/fixtures',
      { Comments: [bigComment(1, 25_000)] },
      session,
    )
    expect(inSession.status).toBe(201)
    const past = await sendJson(
      app,
      'POST',
      '/__mock/fixtures',
      { Comments: [bigComment(2, 25_000)] },
      session,
    )
    expect(past.status).toBe(507)
    expect(store.bytes).toBe(0)
    expect((await postFixtures(app, { Comments: [bigComment(2, 25_000)] })).status).toBe(201)
  })

  it('does not count the seeded entities, which --counts bounds', () => {
    const store = createStore({ seed: 1, counts: { comments: 5000 }, maxStateBytes: 1000 })
    expect(store.bytes).toBe(0)
    expect(stateJson(store).length).toBeGreaterThan(1000)
  })

  it('refuses a scenario whose fixtures are past the limit when it is defined, naming it', () => {
    const store = createStore({ seed: 1 })
    expect(() =>
      createMock({
        store,
        maxStateBytes: 10_000,
        scenarios: { big: { fixtures: { Comments: [bigComment(1, 20_000)] } } },
      }),
    ).toThrow(
      /scenario 'big': its fixtures hold about \d+ bytes of JSON, past the state's limit of 10000/,
    )
  })

  it('throws StateFullError from mock.fixtures in code, storing nothing', () => {
    const mock = createMock({ store: createStore({ seed: 1 }), maxStateBytes: 10_000 })
    const before = stateJson(mock.store)
    expect(() => mock.fixtures({ Comments: [bigComment(1, 20_000) as never] })).toThrow(
      StateFullError,
    )
    expect(stateJson(mock.store)).toBe(before)
  })

  it('has a default of 64 MiB', () => {
    expect(createStore().maxBytes).toBe(64 * 1024 * 1024)
  })
})
