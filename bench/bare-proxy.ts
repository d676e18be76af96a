// The floor for the proxy line: the least a Node process can do to forward a request. A
// node:http server reads each small body whole, hands it to a kept-alive undici pool through
// `dispatch` (callbacks, no stream objects) and writes the answer back in one piece, with no
// routing, no headers added, no journal and no error shape. On a machine with few cores the
// proxy's ratio is bounded by this one (the client, the proxy and the upstream share the cores).
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Pool, type Dispatcher } from 'undici'

const upstream = new URL(process.env.UPSTREAM ?? '')
const pool = new Pool(upstream.origin)
const notForwarded = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding'])

const server = createServer((request, response) => {
  const chunks: Buffer[] = []
  request.on('data', (chunk: Buffer) => chunks.push(chunk))
  request.on('end', () => {
    const headers: string[] = ['host', upstream.host]
    const raw = request.rawHeaders
    for (let i = 0; i < raw.length; i += 2) {
      if (!notForwarded.has((raw[i] as string).toLowerCase()))
        headers.push(raw[i] as string, raw[i + 1] as string)
    }
    let status = 0
    let answerHeaders: Record<string, string | string[] | undefined> = {}
    const body: Buffer[] = []
    pool.dispatch(
      {
        method: request.method as Dispatcher.HttpMethod,
        path: request.url ?? '/',
        headers,
        body: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks),
      },
      {
        onRequestStart() {},
        onResponseStart(_controller, statusCode, headers) {
          status = statusCode
          answerHeaders = { ...headers }
          for (const name of notForwarded) delete answerHeaders[name]
        },
        onResponseData(_controller, chunk) {
          body.push(chunk)
        },
        onResponseEnd() {
          response.writeHead(status, answerHeaders).end(Buffer.concat(body))
        },
        onResponseError(_controller, error) {
          response.writeHead(502).end(error.message)
        },
      },
    )
  })
})

server.listen(0, '127.0.0.1', () => {
  // The parent reads the port from this line.
  process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`)
})
