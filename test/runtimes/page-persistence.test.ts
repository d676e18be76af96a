import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { workerMock, type WorkerMock } from '../../src/browser/worker-mock.ts'
import { createStore } from '../../src/index.ts'
import { commentKey } from '../support/index.ts'

// The page's home keeps its state in the origin's localStorage (issue 36, newcomer F6): here a
// storage of our own stands for the browser's, and a second mock made from the same storage
// stands for the page after a reload.

const key = commentKey(createStore({ seed: 1 }))
const seededMessage = createStore({ seed: 1 }).state.comments.get(key.toLowerCase())?.Message

class MemoryStorage {
  readonly items = new Map<string, string>()
  failWith: Error | undefined
  getItem(name: string): string | null {
    return this.items.get(name) ?? null
  }
  setItem(name: string, value: string): void {
    if (this.failWith) throw this.failWith
    this.items.set(name, value)
  }
  removeItem(name: string): void {
    this.items.delete(name)
  }
}

let storage: MemoryStorage
const made: WorkerMock[] = []
const listeners = new Map<string, Set<(event: unknown) => void>>()
/** Dispatches a window event to every listener the mocks added. */
const fire = (type: string, event: unknown = {}): void => {
  for (const listener of listeners.get(type) ?? []) listener(event)
}

beforeEach(() => {
  storage = new MemoryStorage()
  vi.stubGlobal('localStorage', storage)
  vi.stubGlobal('location', new URL('http://localhost:5173/'))
  listeners.clear()
  vi.stubGlobal('addEventListener', (type: string, listener: (event: unknown) => void) =>
    listeners.set(type, (listeners.get(type) ?? new Set()).add(listener)),
  )
  vi.stubGlobal('removeEventListener', (type: string, listener: (event: unknown) => void) =>
    listeners.get(type)?.delete(listener),
  )
})

afterEach(() => {
  for (const mock of made.splice(0)) mock.stop()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

function page(options: Parameters<typeof workerMock>[0] = {}): WorkerMock {
  const mock = workerMock({ seed: 1, ...options })
  made.push(mock)
  return mock
}

async function send(mock: WorkerMock, path: string, init: RequestInit = {}): Promise<Response> {
  const request = new Request(new URL(path, 'http://localhost:5173'), init)
  const response = await mock.resolvers.answer({
    request,
    cookies: {},
    requestId: '1',
  } as never)
  return response as Response
}

const edit = (mock: WorkerMock, message: string): Promise<Response> =>
  send(mock, '/RestApi/comments-api/comments', {
    method: 'PUT',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ Key: key, Message: message }),
  })

const messageOf = (mock: WorkerMock): string | null | undefined =>
  mock.store.state.comments.get(key.toLowerCase())?.Message

/** What a reload does first: the page goes (`pagehide` saves), a new one starts. */
function reload(options: Parameters<typeof workerMock>[0] = {}): WorkerMock {
  fire('pagehide')
  for (const mock of made.splice(0)) mock.stop()
  return page(options)
}

describe('the page’s mock, kept in localStorage', () => {
  it('restores the data, latency, fault rules and sessions a page left', async () => {
    const first = page()
    expect((await edit(first, 'kept')).status).toBe(200)
    await send(first, '/__mock/latency', { method: 'PUT', body: '{"min":5,"max":9}' })
    await send(first, '/__mock/faults', {
      method: 'POST',
      body: '{"path":"/RestApi/x*","status":503,"count":3}',
    })
    await send(first, '/RestApi/comments-api/comments?__session=alice', {
      method: 'PUT',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ Key: key, Message: 'alice’s' }),
    })
    await send(first, '/__mock/scenarios/empty?__session=bob', { method: 'PUT' })
    const second = reload()
    expect(messageOf(second)).toBe('kept')
    expect(second.mock.control.latency).toEqual({ min: 5, max: 9 })
    expect(second.mock.control.faults.list()).toMatchObject([
      { path: '/RestApi/x*', status: 503, remaining: 3 },
    ])
    expect(
      second.mock.sessions.peek('alice').store.state.comments.get(key.toLowerCase())?.Message,
    ).toBe('alice’s')
    expect(second.mock.sessions.peek('bob').scenarios.current).toBe('empty')
    expect(second.mock.sessions.peek('bob').store.state.comments.size).toBe(0)
  })

  it('saves a write before the page goes, without waiting for the timer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    onTestFinished(() => {
      vi.useRealTimers()
    })
    const first = page()
    await edit(first, 'just before the reload')
    expect(storage.items.size).toBe(0)
    fire('pagehide')
    expect(storage.items.get('restapi-mock:/RestApi')).toContain('just before the reload')
  })

  it('returns to the seed after mock.reset() and POST /__mock/reset, across a reload', async () => {
    const first = page()
    await edit(first, 'to be reset')
    first.mock.reset()
    expect(messageOf(reload())).toBe(seededMessage)
    const third = made[0] as WorkerMock
    await edit(third, 'to be reset again')
    await send(third, '/__mock/reset', { method: 'POST' })
    expect(messageOf(reload())).toBe(seededMessage)
  })

  it('keeps nothing with persist: false', async () => {
    const first = page({ persist: false })
    await edit(first, 'forgotten')
    fire('pagehide')
    expect(storage.items.size).toBe(0)
    expect(messageOf(reload({ persist: false }))).toBe(seededMessage)
  })

  it('does not restore a state saved from other options (another seed), and says so', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined)
    await edit(page(), 'seed 1’s edit')
    const other = reload({ seed: 2 })
    expect(other.store.seed).toBe(2)
    expect(JSON.stringify([...other.store.state.comments.values()])).not.toContain('seed 1’s edit')
    expect(info.mock.calls.join('\n')).toMatch(/options changed since it was saved/)
  })

  it('says once, in the console, that a state past the size limit is not saved', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const first = page({ persist: { maxChars: 1000 } })
    await edit(first, 'too big')
    fire('pagehide')
    await edit(first, 'still too big')
    fire('pagehide')
    expect(storage.items.size).toBe(0)
    expect(warn).toHaveBeenCalledTimes(1)
    expect(String(warn.mock.calls[0]?.[0])).toMatch(
      /past the 1000 it may keep in localStorage .*a reload starts from the seed/,
    )
  })

  it('says once that the browser refused to store it (storage full), and goes on in memory', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    storage.failWith = Object.assign(new Error('The quota has been exceeded.'), {
      name: 'QuotaExceededError',
    })
    const first = page()
    await edit(first, 'in memory only')
    fire('pagehide')
    await edit(first, 'in memory only, again')
    fire('pagehide')
    expect(messageOf(first)).toBe('in memory only, again')
    expect(warn).toHaveBeenCalledTimes(1)
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/refused .*QuotaExceededError/)
  })

  it('says so when localStorage itself is refused, and the mock still answers', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    vi.stubGlobal('localStorage', {
      getItem() {
        throw Object.assign(new Error('Access is denied for this document.'), {
          name: 'SecurityError',
        })
      },
    })
    const first = page()
    expect((await edit(first, 'answered anyway')).status).toBe(200)
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/refuses localStorage here/)
  })

  it('follows another tab’s save (the storage event), so tabs do not undo each other', async () => {
    const first = page()
    const saved = JSON.stringify({ ...JSON.parse(await savedBy('from the other tab')) })
    fire('storage', { key: 'restapi-mock:/RestApi', newValue: saved })
    expect(messageOf(first)).toBe('from the other tab')
  })
})

/** The document another tab saves after an edit. */
async function savedBy(message: string): Promise<string> {
  const other = workerMock({ seed: 1 })
  await edit(other, message)
  fire('pagehide')
  other.stop()
  return storage.items.get('restapi-mock:/RestApi') as string
}
