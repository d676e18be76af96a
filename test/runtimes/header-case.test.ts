import { request as httpRequest } from 'node:http'
import { describe, expect, it } from 'vitest'
import { commentKey, commentsPath, startServer } from '../support/index.ts'

// Issue 30, C10: the Node server sends an error's header names as it sends a success's
// (`Content-Type`, `Vary`, `X-Mock-Warning`), as the real host (IIS) writes the same names for
// both. Reading a Response's `statusText` for the reason phrase used to turn
// @hono/node-server's light Response into a full one, whose headers go out lower-cased.

interface RawHead {
  readonly status: number
  readonly statusMessage: string
  /** The header names as they came over the socket, in order. */
  readonly names: string[]
}

function rawHead(url: string, method: string, body?: string): Promise<RawHead> {
  return new Promise((resolve, reject) => {
    const headers = { 'Content-Type': 'application/json', Accept: 'application/json' }
    const req = httpRequest(url, { method, headers }, (res) => {
      res.resume()
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          statusMessage: res.statusMessage ?? '',
          names: res.rawHeaders.filter((_, i) => i % 2 === 0),
        }),
      )
    })
    req.on('error', reject)
    req.end(body)
  })
}

describe('header names over the Node server', () => {
  it('are the same on an error answer as on a success, and the reason phrase is kept', async () => {
    const server = await startServer()
    const key = commentKey(server.mock.store)
    // A trailing comma: a success that carries an X-Mock-Warning too.
    const success = await rawHead(
      server.url + commentsPath,
      'PUT',
      `{"Key":"${key}","Message":"ok",}`,
    )
    const error = await rawHead(server.url + commentsPath, 'PUT', '{"Key":"","Message":"x",}')
    expect(success.status).toBe(200)
    expect(error.status).toBe(400)
    expect(error.statusMessage).toBe('ArgumentException')
    for (const name of ['Content-Type', 'Vary', 'X-Mock-Warning']) {
      expect(success.names).toContain(name)
      expect(error.names).toContain(name)
    }
  })

  it('are the same on the plain 404', async () => {
    const server = await startServer()
    const missing = await rawHead(`${server.url}/RestApi/nothing-here`, 'GET')
    expect(missing.status).toBe(404)
    expect(missing.statusMessage).toBe('Not Found')
    expect(missing.names).toEqual(expect.arrayContaining(['Content-Type', 'Vary']))
  })

  // Issue 39, P1 (C10's residue): Hono answers HEAD through GET's route, wrapped in a new
  // Response whose Headers went out lower-cased; the real host writes the same names as GET.
  it.each([
    ['/RestApi/types/typescript', 200],
    ['/RestApi/metadata', 200],
    ['/RestApi/json/reply/CommentUpdateRequest', 405],
    ['/RestApi/nothing-here', 404],
  ])('are the same on a HEAD of %s (%i) as on its GET', async (path, status) => {
    const server = await startServer()
    const get = await rawHead(server.url + path, 'GET')
    const head = await rawHead(server.url + path, 'HEAD')
    expect(head.status).toBe(status)
    expect(head.names).toContain('Content-Type')
    for (const name of head.names) {
      if (
        ['Date', 'Connection', 'Keep-Alive', 'Transfer-Encoding', 'Content-Length'].includes(name)
      )
        continue
      expect(get.names).toContain(name)
    }
    expect(head.statusMessage).toBe(get.statusMessage)
  })
})
