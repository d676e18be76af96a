// Measures what issue 13 findings 3 and 7 were about, in one process, through app.request():
//   1. warning floods: 1 MB bodies of 499,950 wrongly typed values, sent N times (default 20),
//      then the heap, GET /__mock/journal?limit=50, the request log's line and a strict answer;
//   2. snapshots: the heap a snapshot costs with a large state (24,000 comments made, about
//      24 MB), with one update between snapshots and with none;
//   3. GET /__mock/state of 220,000 entities, whole and as the dashboard's page (?limit=200).
// Run: node_modules/.bin/node --expose-gc bench/bounded.ts [floods]
// (It runs against older code too: options it does not know are ignored.)
import { createApp, createMock, createStore } from '../src/index.ts'

const gc = (globalThis as { gc?: () => void }).gc
if (!gc) {
  console.error('Failed to measure: run with --expose-gc')
  process.exit(2)
}
const heapMb = (): number => {
  gc()
  return process.memoryUsage().heapUsed / 1e6
}
const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(2)} MB`

const floods = Number(process.argv[2] ?? 20)
const id = '00000000-0000-0000-0000-000000000001'
// The empty page id is looked up nowhere, and a page control's fields are never read: the
// flood reaches the end of the operation, as it did before pages were checked (issue 30, N6).
const emptyId = '00000000-0000-0000-0000-000000000000'
const controlType = 'Telerik.Sitefinity.Pages.Model.PageControl'
const fields = Array(9_999).fill('1').join(',')
const container = `{"ItemId":"${id}","ItemType":"${controlType}","Fields":[${fields}]}`
const body = `{"PageId":"${emptyId}","ContainersInfo":[${Array(50).fill(container).join(',')}]}`
const flood = (): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
  body,
})
const path = '/RestApi/cms/inlineediting/containersInfo'

// 1. Warning floods.
{
  const mock = createMock({ store: createStore({ seed: 1 }), defaultFormat: 'json' })
  let longest = 0
  const app = createApp({ mock, log: (line) => (longest = Math.max(longest, line.length)) })
  const before = heapMb()
  const started = performance.now()
  let header = 0
  for (let i = 0; i < floods; i++) {
    const response = await app.request(path, flood())
    header = Math.max(header, response.headers.get('x-mock-warning')?.length ?? 0)
    await response.text()
  }
  const ms = (performance.now() - started) / floods
  const heap = heapMb() - before
  const journal = await (await app.request('/__mock/journal?limit=50')).text()
  const strict = createApp({
    mock: createMock({ store: createStore({ seed: 1 }), defaultFormat: 'json', strict: true }),
  })
  const refusal = await (await strict.request(path, flood())).text()
  console.log(`warning flood: ${floods} requests of ${mb(body.length)}, ${ms.toFixed(0)} ms each`)
  console.log(`  heap after them: +${heap.toFixed(1)} MB`)
  console.log(`  X-Mock-Warning: ${header} characters; longest log line: ${longest} characters`)
  console.log(`  GET /__mock/journal?limit=50: ${mb(journal.length)}`)
  console.log(`  --strict answer: ${mb(refusal.length)}`)
}

// 2. Snapshots of a large state.
{
  const store = createStore({ seed: 1, counts: { comments: 24_000 } })
  const app = createApp({ mock: createMock({ store, defaultFormat: 'json' }) })
  const empty = heapMb()
  const keys = [...store.state.comments.keys()]
  for (const key of keys) store.state.comments.get(key)
  const state = heapMb() - empty
  const saves = 20
  let before = heapMb()
  for (let i = 0; i < saves; i++)
    await app.request(`/__mock/snapshots/same${i}`, { method: 'POST' })
  const unchanged = (heapMb() - before) / saves
  before = heapMb()
  for (let i = 0; i < saves; i++) {
    await app.request('/RestApi/comments-api/comments', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ Key: keys[i], Message: `Edit ${i}.` }),
    })
    await app.request(`/__mock/snapshots/edited${i}`, { method: 'POST' })
  }
  const edited = (heapMb() - before) / saves
  console.log(`snapshots: a state of ${keys.length} comments, ${state.toFixed(1)} MB of heap`)
  console.log(`  per snapshot of the unchanged state: +${(unchanged * 1000).toFixed(1)} KB`)
  console.log(`  per snapshot after one update: +${(edited * 1000).toFixed(1)} KB`)
}

// 3. The state of 220,000 entities, whole and paged.
{
  const store = createStore({ seed: 1, counts: { comments: 220_000 } })
  const app = createApp({ mock: createMock({ store, defaultFormat: 'json' }) })
  for (const query of ['?limit=200', '', '?limit=200']) {
    const started = performance.now()
    const text = await (await app.request(`/__mock/state${query}`)).text()
    const ms = performance.now() - started
    console.log(`GET /__mock/state${query}: ${mb(text.length)} in ${ms.toFixed(0)} ms`)
  }
}
