import { readFileSync } from 'node:fs'
import { createServer, request } from 'node:http'

// The app's dev server: its files, and the API proxied to the mock, as Vite's `server.proxy`
// or a CMS's own host would put them on one origin.
const mockPort = Number(process.env.MOCK_PORT ?? 4010)
const files: Record<string, [string, string]> = {
  '/': ['index.html', 'text/html'],
  '/app.js': ['app.js', 'text/javascript'],
}

createServer((incoming, outgoing) => {
  const path = (incoming.url ?? '/').split('?')[0] ?? '/'
  const file = files[path]
  if (file) {
    outgoing.writeHead(200, { 'Content-Type': file[1] })
    outgoing.end(readFileSync(new URL(file[0], import.meta.url)))
    return
  }
  const proxied = request(
    {
      host: '127.0.0.1',
      port: mockPort,
      path: incoming.url,
      method: incoming.method,
      headers: incoming.headers,
    },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(outgoing)
    },
  )
  proxied.on('error', () => outgoing.writeHead(502).end())
  incoming.pipe(proxied)
}).listen(Number(process.env.APP_PORT ?? 4011), '127.0.0.1')
