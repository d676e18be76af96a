// `npm run bench:vitest`: what a request costs through msw's `setupServer` as the README's Vitest
// recipe runs the mock (`setupServer(...createHandlers(mock))`), against the least msw can do: a
// trivial handler answering a fixed JSON (`http.put(url, () => HttpResponse.json(...))`). One
// process, one server; the two handler lists take turns (`resetHandlers`) in batches of
// sequential `fetch`es, each batch in the other order from the last, and the figure is the
// median time per request over the batches. Target: at most 1.1× the trivial handler (issue 37).
// `VITEST_BATCHES` and `VITEST_BATCH` set how many batches of how many requests (default 30 of
// 400); `--cpu-prof` on this script shows where the mock's time goes.
import { http, HttpResponse, type RequestHandler } from 'msw'
import { setupServer } from 'msw/node'
import { createHandlers, createMock, createStore } from '../handlers/index.ts'
import { median } from './load.ts'

const batches = Number(process.env.VITEST_BATCHES ?? 30)
const batchSize = Number(process.env.VITEST_BATCH ?? 400)
const warmUpBatches = 5
const target = 1.1

const url = 'http://localhost/RestApi/comments-api/comments'
const mock = createMock({ store: createStore() })
const key = [...mock.store.state.comments.values()][0]?.Key ?? ''
const body = JSON.stringify({ Key: key, Message: 'An update from the benchmark' })

// The trivial handler answers what the mock answers, as a fixed object.
const fixed = (await (await mock.dispatch(update()))?.json()) as Record<string, unknown>
const cases: ReadonlyArray<readonly [string, readonly RequestHandler[]]> = [
  ['the mock (createHandlers)', createHandlers(mock)],
  ['a trivial msw handler', [http.put(url, () => HttpResponse.json(fixed))]],
]

function update(): Request {
  return new Request(url, {
    method: 'PUT',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body,
  })
}

/** µs per request over one batch of sequential fetches, each answer read whole. */
async function batch(): Promise<number> {
  const started = performance.now()
  for (let i = 0; i < batchSize; i++) {
    const response = await fetch(url, {
      method: 'PUT',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body,
    })
    if (response.status !== 200) throw new Error(`Failed to update a comment: ${response.status}`)
    await response.json()
  }
  return ((performance.now() - started) * 1000) / batchSize
}

const server = setupServer()
server.listen({ onUnhandledFrame: 'error' })
const times = cases.map((): number[] => [])
try {
  for (let round = 0; round < warmUpBatches + batches; round++) {
    for (let i = 0; i < cases.length; i++) {
      const index = (round + i) % cases.length
      server.resetHandlers(...(cases[index]?.[1] ?? []))
      const perRequest = await batch()
      if (round >= warmUpBatches) times[index]?.push(perRequest)
    }
  }
} finally {
  server.close()
}

const [mockUs = 0, trivialUs = 0] = times.map(median)
console.log(
  `msw setupServer, Node ${process.version}: ${batches} alternating batches of ${batchSize} sequential JSON comment updates each, after ${warmUpBatches} warm-up batches; medians per request`,
)
for (const [i, [label]] of cases.entries()) {
  console.log(`${label.padEnd(28)} ${(times[i] ? median(times[i]) : 0).toFixed(1)} µs`)
}
const ratio = mockUs / trivialUs
console.log(
  `the mock / a trivial handler: ${ratio.toFixed(2)}x (target <= ${target}x: ${ratio <= target ? 'pass' : 'FALLS SHORT'})`,
)
