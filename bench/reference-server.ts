// The physical limit the mock is measured against: a hand-written node:http server doing the
// same comment update (parse JSON, find by key, apply non-blank fields, answer ServiceStack
// JSON) with nothing else: no negotiation, no journal, no framework.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createStore } from '../src/mock/create-store.ts'

interface Comment {
  Key: string | null
  Name: string | null
  Message: string | null
  DateCreated: Date
  ProfilePictureUrl: string | null
  ProfilePictureThumbnailUrl: string | null
  Status: string | null
  Email: string | null
  ThreadKey: string | null
  AuthorIpAddress: string | null
  CustomData: string | null
  Rating: number | string | null
}

const counts = Number(process.env.REFERENCE_COMMENTS ?? 24)
const comments = new Map<string, Comment>()
for (const [key, comment] of createStore({ seed: 1, counts: { comments: counts } }).state
  .comments) {
  comments.set(key, { ...comment })
}

function toJson(comment: Comment): string {
  return JSON.stringify(comment, (key, value: unknown) =>
    key === 'DateCreated' ? `/Date(${comment.DateCreated.getTime()})/` : value,
  ).replace(/"\/Date\((-?\d+)\)\/"/, '"\\/Date($1)\\/"')
}

const server = createServer((request, response) => {
  if (request.method !== 'PUT' || request.url !== '/RestApi/comments-api/comments') {
    response.writeHead(404, { 'Content-Type': 'text/plain' }).end('404')
    return
  }
  let body = ''
  request.setEncoding('utf8')
  request.on('data', (chunk: string) => (body += chunk))
  request.on('end', () => {
    let input: Partial<Record<keyof Comment, string | number>>
    try {
      input = JSON.parse(body) as typeof input
    } catch {
      response.writeHead(400, { 'Content-Type': 'application/json; charset=utf-8' })
      response.end(
        '{"ResponseStatus":{"ErrorCode":"SerializationException","Message":"bad JSON","Errors":[]}}',
      )
      return
    }
    const comment = comments.get(String(input.Key ?? '').toLowerCase())
    if (!comment) {
      response.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8' })
      response.end(
        '{"ResponseStatus":{"ErrorCode":"ItemNotFoundException","Message":"Comment not found","Errors":[]}}',
      )
      return
    }
    for (const field of ['Message', 'Name', 'Status', 'CustomData'] as const) {
      const value = input[field]
      if (typeof value === 'string' && value.trim() !== '') comment[field] = value
    }
    if (typeof input.Rating === 'number') comment.Rating = input.Rating
    response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', Vary: 'Accept' })
    response.end(toJson(comment))
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
