// The physical limit the mock is measured against: a hand-written node:http server doing the
// same comment update (bench/reference-update.ts) with nothing else: no negotiation, no
// journal, no framework.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { referenceComments, referenceJsonType, updateComment } from './reference-update.ts'

const comments = referenceComments(Number(process.env.REFERENCE_COMMENTS ?? 24))

const server = createServer((request, response) => {
  if (request.method !== 'PUT' || request.url !== '/RestApi/comments-api/comments') {
    response.writeHead(404, { 'Content-Type': 'text/plain' }).end('404')
    return
  }
  let body = ''
  request.setEncoding('utf8')
  request.on('data', (chunk: string) => (body += chunk))
  request.on('end', () => {
    const answer = updateComment(comments, body)
    response.writeHead(answer.status, {
      'Content-Type': referenceJsonType,
      ...(answer.status === 200 ? { Vary: 'Accept' } : {}),
    })
    response.end(answer.body)
  })
})

// Under callgrind a proxy in front of this server runs some fifty times slower, and its pool
// may reuse a connection this server has just closed as idle (a 502 per such request):
// `bench:instructions` counting a proxy wants `KEEP_ALIVE_MS=600000` here.
server.keepAliveTimeout = Number(process.env.KEEP_ALIVE_MS ?? 5000)
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  // The parent reads the port from this line.
  process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`)
})
