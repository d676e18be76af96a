import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { forwardedPath } from '../../src/node/proxy/proxy.ts'
import { startEchoUpstream, type EchoUpstream } from '../support/echo-upstream.ts'
import {
  buildApp,
  commentKey,
  commentUpdate,
  commentsPath,
  createPlane,
  readJson,
  startServer,
} from '../support/index.ts'

// Issue 40, I2: an absolute-form target (`GET http://evil.test/…`) was served, since only
// `Host` was checked; `/RestApi/..%2f..%2fadmin` was forwarded encoded; a 404 `text/plain`
// lacked `nosniff`; and the login wall read only the first `restapi-mock-login` cookie.

/** One raw HTTP/1.1 request line and headers; the answer's text, once the server closes. */
function raw(port: number, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' })
    let text = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => (text += chunk))
    socket.on('end', () => resolve(text))
    socket.on('error', reject)
    socket.write(`${head}\r\nConnection: close\r\n\r\n`)
  })
}

describe('an absolute-form request target', () => {
  it('is refused with a 400 in the ResponseStatus shape when its host is not one the mock answers', async () => {
    const server = await startServer()
    const reply = await raw(
      server.port,
      'GET http://evil.test/__mock/state HTTP/1.1\r\nHost: localhost',
    )
    expect(reply.split('\r\n', 1)[0]).toMatch(/^HTTP\/1\.1 400 /)
    const body = JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4)) as {
      ResponseStatus: { ErrorCode: string; Message: string }
    }
    expect(body.ResponseStatus.ErrorCode).toBe('ArgumentException')
    expect(body.ResponseStatus.Message).toContain("names the host 'evil.test'")
  })

  it('is served when its host is a loopback one', async () => {
    const server = await startServer()
    const reply = await raw(
      server.port,
      `GET http://127.0.0.1:${server.port}/__mock/settings HTTP/1.1\r\nHost: localhost`,
    )
    expect(reply.split('\r\n', 1)[0]).toBe('HTTP/1.1 200 OK')
  })
})

describe('the proxy path', () => {
  let upstream: EchoUpstream
  beforeAll(async () => {
    upstream = await startEchoUpstream()
  })
  afterAll(() => upstream.close())

  it.each([
    ['/RestApi/..%2f..%2fadmin', '/admin'],
    ['/RestApi/..%2F..%2F..%2Fetc/passwd?x=%2f', '/etc/passwd?x=%2f'],
    ['/RestApi/%2e%2e/%2e%2e/x', '/x'],
    ['/RestApi/..%5c..%5cwin', '/win'],
    ['/RestApi/a%2fb', '/RestApi/a/b'],
    ['/RestApi/pages?filter=a%2Fb', '/RestApi/pages?filter=a%2Fb'],
  ])('forwards %s as %s: encoded slashes decoded, dots resolved', (path, forwarded) => {
    expect(forwardedPath(path)).toBe(forwarded)
  })

  it('keeps a ..%2f path within the --proxy URL path', async () => {
    const server = await startServer({
      proxy: { url: `${upstream.url}/cms`, timeoutMs: 5000, insecure: false },
    })
    const response = await fetch(`${server.url}/RestApi/..%2f..%2f..%2fadmin`)
    expect(response.status).toBe(200)
    expect(upstream.received.at(-1)?.url).toBe('/cms/admin')
  })
})

describe('X-Content-Type-Options: nosniff', () => {
  it.each([
    ['the metadata 404 that quotes ?op=', '/RestApi/json/metadata?op=%3Cscript%3E', 'text/plain'],
    ['the bare 404', '/RestApi/no/such/route', 'text/plain'],
    ['the metadata page', '/RestApi/metadata', 'text/html'],
    ['the dashboard', '/__mock/', 'text/html'],
  ])('is on %s', async (_name, path, type) => {
    const { app } = buildApp()
    const response = await app.request(path)
    expect(response.headers.get('content-type')).toContain(type)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })
})

describe('the login cookie', () => {
  it('is read in every restapi-mock-login cookie sent, the first valid one winning', async () => {
    const plane = createPlane('app', { auth: 'claims' })
    const login = await plane.request('/__mock/login', { method: 'POST' })
    const ticket = await readJson(login)
    const put = (cookie: string) =>
      plane.request(
        commentsPath,
        commentUpdate(commentKey(plane.store), 'by cookie', { Cookie: cookie }),
      )
    // One an upstream set on a narrower path comes first, as a browser sends it.
    expect((await put(`restapi-mock-login=shadow; ${ticket.Cookie}`)).status).toBe(200)
    expect((await put('restapi-mock-login=shadow; restapi-mock-login=other')).status).toBe(500)
  })
})
