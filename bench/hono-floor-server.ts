// The framework's own floor: the reference's comment update (bench/reference-update.ts) served
// by a Hono app on @hono/node-server, as the mock is served, reading the body through the web
// Request and answering a web Response. What it costs over the reference is what Hono and the
// web-standard boundary cost before the mock does anything; `npm run bench:throughput` runs it
// beside the reference, the bare dispatch and the mock.
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { referenceComments, referenceJsonType, updateComment } from './reference-update.ts'

const comments = referenceComments(Number(process.env.REFERENCE_COMMENTS ?? 24))

const app = new Hono()
app.all('*', async (c) => {
  const request = c.req.raw
  if (request.method !== 'PUT' || c.req.path !== '/RestApi/comments-api/comments')
    return new Response('404', { status: 404, headers: { 'Content-Type': 'text/plain' } })
  const answer = updateComment(comments, await request.text())
  return new Response(answer.body, {
    status: answer.status,
    headers: {
      'Content-Type': referenceJsonType,
      ...(answer.status === 200 ? { Vary: 'Accept' } : {}),
    },
  })
})
serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  // The parent reads the port from this line.
  process.stdout.write(`listening ${info.port}\n`)
})
// Stopped by a signal, it exits as a program does (a --cpu-prof profile is written then).
process.once('SIGINT', () => process.exit(0))
process.once('SIGTERM', () => process.exit(0))
