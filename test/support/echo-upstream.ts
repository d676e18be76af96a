import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request as a fake upstream received it. */
export interface UpstreamRequest {
  readonly method: string
  /** The path and query as sent. */
  readonly url: string
  readonly headers: IncomingMessage['headers']
  readonly body: Buffer
}

export interface EchoUpstream {
  /** `http://127.0.0.1:<port>` */
  readonly url: string
  /** Every request received so far, in order. */
  readonly received: UpstreamRequest[]
  close(): Promise<void>
}

/**
 * A real host for `--proxy` tests on 127.0.0.1: it keeps each request it receives and answers
 * `200` with `<METHOD> <path>|<body>`, unless `respond` writes an answer of its own (and says so).
 */
export async function startEchoUpstream(
  respond?: (request: UpstreamRequest, response: ServerResponse) => boolean,
): Promise<EchoUpstream> {
  const received: UpstreamRequest[] = []
  const server: Server = createServer(async (incoming, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of incoming) chunks.push(chunk as Buffer)
    const request: UpstreamRequest = {
      method: incoming.method ?? '',
      url: incoming.url ?? '',
      headers: incoming.headers,
      body: Buffer.concat(chunks),
    }
    received.push(request)
    if (respond?.(request, response)) return
    response.writeHead(200, { 'Content-Type': 'text/plain' })
    response.end(Buffer.concat([Buffer.from(`${request.method} ${request.url}|`), request.body]))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const close = (): Promise<void> => {
    if (!server.listening) return Promise.resolve()
    server.closeAllConnections()
    return new Promise((resolve) => server.close(() => resolve()))
  }
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close,
  }
}
