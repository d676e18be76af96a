import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { createServer, createStore } from '../../src/index.ts'
import {
  commentKey,
  commentKeys,
  commentsPath,
  rawRequest,
  startCli,
  startServer,
  waitForStart,
} from '../support/index.ts'

function putJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
    body: JSON.stringify(body),
  })
}

describe('createServer', () => {
  it('serves the operations over HTTP on the port it picked', async () => {
    const store = createStore({ seed: 1 })
    const server = await startServer({ store })
    expect(server.port).toBeGreaterThan(0)
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`)
    const key = commentKey(store)
    const response = await putJson(server.url + commentsPath, { Key: key, Message: 'over http' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(response.headers.get('x-powered-by')).toBeNull()
    expect(await response.json()).toMatchObject({ Key: key, Message: 'over http' })
    expect(store.state.comments.get(key)?.Message).toBe('over http')
  })

  it.each([
    ['a blank Key', { Key: '' }, 400, 'ArgumentException'],
    ['an unknown Key', { Key: 'nope' }, 404, 'ItemNotFoundException'],
    ['a bad Status', { Key: 'nope', Status: 'x' }, 400, 'ArgumentException'],
  ])('writes the ErrorCode as the reason phrase for %s', async (_, body, status, phrase) => {
    const server = await startServer()
    const answer = await rawRequest(server.url + commentsPath, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    })
    expect(answer.status).toBe(status)
    expect(answer.statusMessage).toBe(phrase)
    expect(JSON.parse(answer.body).ResponseStatus.ErrorCode).toBe(phrase)
  })

  it('sends a CSV answer whole, with its length in UTF-8 bytes and the attachment name', async () => {
    const store = createStore({ seed: 1 })
    const server = await startServer({ store })
    const key = commentKey(store)
    const message = 'Grüße, "quoted" 👋'
    const answer = await rawRequest(server.url + commentsPath, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Accept: 'text/csv' },
      body: JSON.stringify({ Key: key, Message: message }),
    })
    expect(answer.status).toBe(200)
    expect(answer.headers['content-disposition']).toBe(
      'attachment;filename="CommentUpdateRequest.csv"',
    )
    expect(answer.headers['transfer-encoding']).toBeUndefined()
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body))
    expect(answer.body).toMatch(/^Key,Name,Message,DateCreated,/)
    expect(answer.body).toContain('"Grüße, ""quoted"" 👋"')
    expect(answer.body.endsWith('\r\n')).toBe(true)
  })

  // Issue 39, G3: the 405 is raised before the service, and WriteErrorToResponse writes the
  // standard phrase (SS HttpResponseExtensionsInternal.cs l.504–511).
  it('writes Method Not Allowed as the reason phrase of a 405 raised before the service', async () => {
    const server = await startServer()
    const answer = await rawRequest(`${server.url}/RestApi/json/reply/CommentUpdateRequest`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    })
    expect(answer.status).toBe(405)
    expect(answer.statusMessage).toBe('Method Not Allowed')
  })

  it('writes the standard reason phrase for an error before the service runs, and OK on success', async () => {
    const store = createStore({ seed: 1 })
    const server = await startServer({ store })
    const malformed = await rawRequest(server.url + commentsPath, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: '{"Key":',
    })
    expect(malformed.status).toBe(400)
    expect(malformed.statusMessage).toBe('Bad Request')
    const ok = await rawRequest(server.url + commentsPath, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ Key: commentKey(store) }),
    })
    expect(ok.status).toBe(200)
    expect(ok.statusMessage).toBe('OK')
  })

  it('answers an unknown path with the plain-text 404', async () => {
    const server = await startServer()
    const response = await fetch(`${server.url}/RestApi/nothing`)
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toBe('text/plain')
    expect(await response.text()).toBe('404')
  })

  it('writes CORS headers by default', async () => {
    const server = await startServer()
    const response = await putJson(
      server.url + commentsPath,
      { Key: '' },
      { Origin: 'http://localhost:5173' },
    )
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect(response.headers.get('access-control-allow-credentials')).toBe('true')
    const preflight = await fetch(server.url + commentsPath, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'content-type',
      },
    })
    expect(preflight.status).toBeLessThan(300)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
  })

  it('writes no CORS headers with cors: false', async () => {
    const server = await startServer({ cors: false })
    const response = await putJson(
      server.url + commentsPath,
      { Key: '' },
      { Origin: 'http://localhost:5173' },
    )
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('applies 20 concurrent updates of distinct comments, all visible in the state', async () => {
    const store = createStore({ seed: 1 })
    const server = await startServer({ store })
    const keys = commentKeys(store).slice(0, 20)
    expect(keys).toHaveLength(20)
    const responses = await Promise.all(
      keys.map((key, i) =>
        putJson(server.url + commentsPath, { Key: key, Message: `concurrent ${i}` }),
      ),
    )
    expect(responses.map((response) => response.status)).toEqual(keys.map(() => 200))
    const bodies = (await Promise.all(responses.map((response) => response.json()))) as {
      Message: string
    }[]
    expect(bodies.map((body) => body.Message)).toEqual(keys.map((_, i) => `concurrent ${i}`))
    const state = (await (await fetch(`${server.url}/__mock/state`)).json()) as {
      Comments: { Key: string; Message: string }[]
    }
    for (const [i, key] of keys.entries()) {
      expect(state.Comments.find((comment) => comment.Key === key)?.Message).toBe(`concurrent ${i}`)
    }
  })

  it('refuses a body over 1 MiB with 413 and keeps serving', async () => {
    const store = createStore({ seed: 1 })
    const server = await startServer({ store })
    const big = await fetch(server.url + commentsPath, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: `{"Key":"x","Message":"${'a'.repeat(2 * 1024 * 1024)}"}`,
    })
    expect(big.status).toBe(413)
    expect(((await big.json()) as { ResponseStatus: unknown }).ResponseStatus).toBeDefined()
    const next = await putJson(server.url + commentsPath, {
      Key: commentKey(store),
    })
    expect(next.status).toBe(200)
  })

  it('refuses an endless chunked body with 413 instead of buffering it', async () => {
    const server = await startServer()
    const chunk = new TextEncoder().encode('a'.repeat(64 * 1024))
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(chunk)
      },
    })
    const response = await fetch(server.url + commentsPath, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: endless,
      duplex: 'half',
    } as RequestInit)
    expect(response.status).toBe(413)
    const next = await putJson(server.url + commentsPath, { Key: '' })
    expect(next.status).toBe(400)
  })

  it("drops the connection for a user handler's HttpResponse.error(), as msw fails the fetch", async () => {
    const lines: string[] = []
    const server = await startServer({
      log: (line) => lines.push(line),
      handlers: [http.get('*/api/offline', () => HttpResponse.error())],
    })
    const failed = await fetch(`${server.url}/api/offline`).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(failed).toBeInstanceOf(TypeError)
    expect(lines).toEqual(['GET /api/offline network fault (connection dropped)'])
    const next = await putJson(server.url + commentsPath, { Key: '' })
    expect(next.status).toBe(400)
  })

  it('stops accepting on close()', async () => {
    const server = await createServer({ port: 0, log: false, store: createStore({ seed: 1 }) })
    await server.close()
    await expect(fetch(`${server.url}/__mock/state`)).rejects.toThrow()
  })
})

// The one command the fast tier spawns; the command's other tests are the slow tier's
// (cli.slow.test.ts and the other *.slow.test.ts files).
describe('the CLI', () => {
  it('prints the chosen port for --port 0, serves, and exits 0 on SIGTERM sooner than it started', async () => {
    const spawned = performance.now()
    const run = startCli(['--port', '0', '--default-format', 'json'])
    const origin = await waitForStart(run)
    const startMs = performance.now() - spawned
    const response = await putJson(`${origin}${commentsPath}`, { Key: '' })
    expect(response.status).toBe(400)
    expect(await response.text()).toBe(
      '{"ResponseStatus":{"ErrorCode":"ArgumentException","Message":"Invalid Key.","Errors":[]}}',
    )
    const signalled = performance.now()
    run.child.kill('SIGTERM')
    expect(await run.exited).toBe(0)
    // Against its own start on the same machine, not a clock: a stop held up by a time-out or
    // by the keep-alive connection above would take seconds, longer than loading the code.
    expect(performance.now() - signalled).toBeLessThan(startMs)
  })
})
