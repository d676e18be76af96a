// The floor for the proxy line: the least a Node process can do to forward a request, a node:http
// server handing each one to a kept-alive undici pool and piping the answer back, with no
// routing, headers rewriting, journal or error shape. On a machine with few cores the proxy's
// ratio is bounded by this one (the client, the proxy and the upstream share the cores).
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Pool, type Dispatcher } from 'undici'

const upstream = process.env.UPSTREAM ?? ''
const pool = new Pool(upstream)

const server = createServer((request, response) => {
  const { host: _host, connection: _connection, ...headers } = request.headers
  pool.request(
    {
      method: request.method as Dispatcher.HttpMethod,
      path: request.url ?? '/',
      headers,
      body: request,
    },
    (error, answer) => {
      if (error) {
        response.writeHead(502).end(error.message)
        return
      }
      response.writeHead(answer.statusCode, answer.headers as Record<string, string>)
      answer.body.pipe(response)
    },
  )
})

server.listen(0, '127.0.0.1', () => {
  // The parent reads the port from this line.
  process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`)
})
