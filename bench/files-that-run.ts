// `npm run bench:files`: which of the project's source files run for one CSV-bodied
// `PUT …/comments?format=xml`, after a warm-up request: V8's precise coverage taken around the
// second request, over the Node server, through the Hono app and through msw's getResponse.
// `LIST=1` lists them.
import { Session } from 'node:inspector/promises'
import { getResponse } from 'msw'
import { createHandlers } from '../handlers/index.ts'
import { createApp, createMock, createServer, createStore } from '../src/index.ts'

const root = new URL('../', import.meta.url).href
const store = createStore({ seed: 1 })
const key = [...store.state.comments.values()][0]?.Key ?? ''
const request = (): Request =>
  new Request('http://localhost/RestApi/comments-api/comments?format=xml', {
    method: 'PUT',
    headers: { 'Content-Type': 'text/csv' },
    body: `Key,Message\r\n${key},Hello from CSV\r\n`,
  })
const app = createApp({ store })
const handlers = createHandlers(createMock({ store: createStore({ seed: 1 }) }))
const session = new Session()
session.connect()
await session.post('Profiler.enable')
const server = await createServer({ store: createStore({ seed: 1 }), port: 0, log: false })
const overHttp = (): Promise<Response> => {
  const { method, headers, url } = request()
  const path = new URL(url).pathname + new URL(url).search
  return fetch(server.url + path, {
    method,
    headers,
    body: `Key,Message\r\n${key},Hello from CSV\r\n`,
  })
}
const ways: [string, () => Promise<Response | undefined>][] = [
  ['Node server', overHttp],
  ['Hono app', async () => app.request(request())],
  ['msw', () => getResponse(handlers, request())],
]
for (const [way, send] of ways) {
  await (await send())?.text()
  await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false })
  const response = await send()
  await response?.text()
  const { result } = await session.post('Profiler.takePreciseCoverage')
  await session.post('Profiler.stopPreciseCoverage')
  const files = result
    .filter((script) => script.url.startsWith(root))
    .map((script) => ({ ...script, path: script.url.slice(root.length) }))
    .filter(({ path }) => /^(src|handlers|seeds)\//.test(path))
    .filter((script) => script.functions.some((fn) => (fn.ranges[0]?.count ?? 0) > 0))
    .map(({ path }) => path)
    .sort()
  // Issue 37's target: a reader follows the request through at most 20 of the project's files.
  const verdict = files.length <= 20 ? 'pass' : 'FALLS SHORT'
  console.log(`${way}: ${response?.status}, ${files.length} files run (target <= 20: ${verdict})`)
  if (process.env.LIST) console.log(files.map((file) => `  ${file}`).join('\n'))
}
session.disconnect()
await server.close()
