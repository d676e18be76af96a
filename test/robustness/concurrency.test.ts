import { describe, expect, it } from 'vitest'
import { createStore, type Store } from '../../src/index.ts'
import { buildApp, commentKeys, commentsPath, startServer } from '../support/index.ts'

// Hundreds of concurrent updates, over real HTTP (createServer + fetch) and in-process
// (app.request): nothing is lost, every answer reflects its own update, and the final state is
// what a serial application of the same updates in arrival order gives.

const json = { 'Content-Type': 'application/json', Accept: 'application/json' }

interface Answer {
  readonly status: number
  readonly body: Record<string, any>
}

/** One way to reach the mock: `send(method, path, body?)` answers the status and JSON body. */
interface Client {
  send(method: string, path: string, body?: unknown): Promise<Answer>
}

async function answer(response: Response): Promise<Answer> {
  const text = await response.text()
  return {
    status: response.status,
    body: text === '' ? {} : (JSON.parse(text) as Record<string, any>),
  }
}

const runtimes: Record<'http' | 'app', (store: Store) => Promise<Client>> = {
  async http(store) {
    const server = await startServer({ store })
    return {
      send: async (method, path, body) =>
        answer(
          await fetch(server.url + path, {
            method,
            headers: json,
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          }),
        ),
    }
  },
  async app(store) {
    const { app } = buildApp({ store })
    return {
      send: async (method, path, body) =>
        answer(
          await app.request(path, {
            method,
            headers: json,
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          }),
        ),
    }
  },
}

interface JournalEntry {
  readonly method: string
  readonly url: string
  readonly status: number
  readonly requestBody: string | null
}

/** The journal's comment updates, in the order the mock answered them. */
async function journaledUpdates(client: Client): Promise<Record<string, any>[]> {
  const { status, body } = await client.send('GET', '/__mock/journal?limit=500')
  expect(status).toBe(200)
  return (body['entries'] as JournalEntry[])
    .filter((entry) => entry.method === 'PUT' && entry.url.endsWith(commentsPath))
    .map((entry) => JSON.parse(entry.requestBody ?? 'null') as Record<string, any>)
}

/** The same updates, one at a time, on a fresh store of the same seed: the serial answer. */
async function applySerially(
  counts: { comments: number },
  updates: readonly unknown[],
): Promise<Store> {
  const store = createStore({ seed: 1, counts })
  const client = await runtimes.app(store)
  for (const update of updates)
    expect((await client.send('PUT', commentsPath, update)).status).toBe(200)
  return store
}

describe.each(['http', 'app'] as const)('concurrent updates through %s', (runtime) => {
  it('apply 300 updates of 300 distinct comments, each answered with its own', async () => {
    const store = createStore({ seed: 1, counts: { comments: 300 } })
    const client = await runtimes[runtime](store)
    const keys = commentKeys(store)
    expect(keys).toHaveLength(300)

    const answers = await Promise.all(
      keys.map((Key, i) => client.send('PUT', commentsPath, { Key, Message: `distinct-${i}` })),
    )
    expect(answers.map((a) => a.status)).toEqual(keys.map(() => 200))
    expect(answers.map((a) => [a.body['Key'], a.body['Message']])).toEqual(
      keys.map((key, i) => [key, `distinct-${i}`]),
    )
    expect(keys.map((key) => store.state.comments.get(key.toLowerCase())?.Message)).toEqual(
      keys.map((_, i) => `distinct-${i}`),
    )
  })

  it('apply 300 updates of one comment as a serial application in arrival order', async () => {
    const counts = { comments: 24 }
    const store = createStore({ seed: 1, counts })
    const client = await runtimes[runtime](store)
    const [Key] = commentKeys(store)
    const sent = Array.from({ length: 300 }, (_, i) => ({ Key, Message: `m-${i}` }))

    const answers = await Promise.all(
      sent.map((update) => client.send('PUT', commentsPath, update)),
    )
    expect(answers.map((a) => a.status)).toEqual(sent.map(() => 200))
    // Every answer reflects its own update, not a neighbour's.
    expect(answers.map((a) => a.body['Message'])).toEqual(sent.map((update) => update.Message))

    const arrival = await journaledUpdates(client)
    expect(arrival.map((update) => update['Message']).sort()).toEqual(
      sent.map((update) => update.Message).sort(),
    )
    const final = store.state.comments.get(String(Key).toLowerCase())
    expect(final?.Message).toBe(arrival.at(-1)?.['Message'])
    const serial = await applySerially(counts, arrival)
    expect(final).toEqual(serial.state.comments.get(String(Key).toLowerCase()))
  })

  it('lose no field when concurrent updates of one comment set different fields', async () => {
    const counts = { comments: 24 }
    const store = createStore({ seed: 1, counts })
    const client = await runtimes[runtime](store)
    const [Key] = commentKeys(store)
    const sent = Array.from({ length: 200 }, (_, i) =>
      i % 2 === 0 ? { Key, Message: `message-${i}` } : { Key, Name: `name-${i}` },
    )

    const answers = await Promise.all(
      sent.map((update) => client.send('PUT', commentsPath, update)),
    )
    expect(answers.map((a) => a.status)).toEqual(sent.map(() => 200))
    // Each answer shows the field its own update set (a Message or a Name).
    answers.forEach((a, i) => {
      const { Key: _, ...own } = sent[i] ?? {}
      expect(a.body).toMatchObject(own)
    })

    const arrival = await journaledUpdates(client)
    expect(arrival).toHaveLength(200)
    const lastOf = (field: string): unknown => arrival.filter((u) => field in u).at(-1)?.[field]
    const final = store.state.comments.get(String(Key).toLowerCase())
    expect([final?.Message, final?.Name]).toEqual([lastOf('Message'), lastOf('Name')])
    const serial = await applySerially(counts, arrival)
    expect(final).toEqual(serial.state.comments.get(String(Key).toLowerCase()))
  })

  it('create a service once when 100 clients create the same Route at the same time', async () => {
    const store = createStore({ seed: 1 })
    const client = await runtimes[runtime](store)
    const before = store.state.services.size
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        client.send('POST', '/RestApi/apiservice/createService', {
          // The same Route in any case is the same service.
          Route: i % 2 === 0 ? 'concurrent-route' : 'Concurrent-Route',
          Name: `service-${i}`,
        }),
      ),
    )
    const statuses = answers.map((a) => a.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(1)
    expect(statuses.filter((status) => status === 400)).toHaveLength(99)
    for (const refused of answers.filter((a) => a.status === 400)) {
      expect(refused.body['ResponseStatus']['ErrorCode']).toBe('ArgumentException')
    }
    const created = answers.find((a) => a.status === 200)
    expect(store.state.services.size).toBe(before + 1)
    expect(store.state.services.get('concurrent-route')?.Name).toBe(created?.body['Name'])
  })

  it('give 100 concurrent A/B test creations without Id distinct Ids, all stored', async () => {
    const store = createStore({ seed: 1 })
    const client = await runtimes[runtime](store)
    const before = store.state.abTests.size
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        client.send('PUT', '/RestApi/ab-testing', { Title: `test-${i}` }),
      ),
    )
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200))
    const ids = answers.map((a) => String(a.body['Id']))
    expect(new Set(ids).size).toBe(100)
    expect(store.state.abTests.size).toBe(before + 100)
    answers.forEach((a, i) => {
      expect(a.body['Title']).toBe(`test-${i}`)
      expect(store.state.abTests.get(String(a.body['Id']).toLowerCase())?.Title).toBe(`test-${i}`)
    })
  })
})
