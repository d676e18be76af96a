import { createServer, get } from 'node:http'
import type { AddressInfo } from 'node:net'
import { pipeline } from 'node:stream'

// The floor for large downloads through a proxy (proxy-downloads.slow.test.ts and
// `npm run bench:proxy-stream`): the least a Node process does to pass an answer on. A node:http
// server pipes `/RestApi/files/*` from the upstream (UPSTREAM) to its client with
// stream.pipeline, and answers anything else `{}` at once. The same downloads and probes against
// it show what this machine allows, whatever the mock does.

const upstream = process.env.UPSTREAM ?? ''
const server = createServer((request, response) => {
  const url = request.url ?? '/'
  if (!url.startsWith('/RestApi/files/')) {
    request.resume()
    request.once('end', () =>
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}'),
    )
    return
  }
  const forwarded = get(`${upstream}${url}`, (answer) => {
    response.writeHead(answer.statusCode ?? 502, answer.headers)
    pipeline(answer, response, () => undefined)
  })
  forwarded.once('error', () => response.destroy())
  response.once('close', () => forwarded.destroy())
})

server.listen(0, '127.0.0.1', () => {
  // The parent reads the port from this line.
  process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`)
})
