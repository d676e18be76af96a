import { deflateRawSync, deflateSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { buildApp, commentKey, startServer } from '../support/index.ts'

// Issue 18, gap 5: a request body with `Content-Encoding: gzip` or `deflate` is decompressed,
// as ServiceStack 5 does; the body limit applies to the decompressed bytes, and an error never
// echoes the compressed bytes.

const path = '/RestApi/comments-api/comments'

function put(body: Uint8Array<ArrayBuffer>, encoding: string): Request {
  return new Request(`http://localhost${path}`, {
    method: 'PUT',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'Content-Encoding': encoding,
    },
    body,
  })
}

describe('compressed request bodies', () => {
  it.each([
    ['gzip', gzipSync],
    ['x-gzip', gzipSync],
    ['deflate', deflateSync],
    ['deflate (raw, as .NET sends it)', deflateRawSync],
  ])('reads a %s body', async (name, compress) => {
    const { app, store } = buildApp()
    const body = JSON.stringify({ Key: commentKey(store), Message: `Sent ${name}` })
    const response = await app.request(
      put(new Uint8Array(compress(body)), name.split(' ')[0] as string),
    )
    expect(response.status).toBe(200)
    expect(((await response.json()) as { Message: string }).Message).toBe(`Sent ${name}`)
  })

  it('answers 413 for a small body that decompresses past the limit', async () => {
    const { app } = buildApp()
    const bomb = gzipSync(`{"Key":"${' '.repeat(2 * 1024 * 1024)}"}`)
    expect(bomb.length).toBeLessThan(10_000)
    const response = await app.request(put(new Uint8Array(bomb), 'gzip'))
    expect(response.status).toBe(413)
    const body = (await response.json()) as { ResponseStatus: { ErrorCode: string } }
    expect(body.ResponseStatus.ErrorCode).toBe('RequestEntityTooLarge')
  })

  it.each([
    ['gzip', 400, 'the body is not valid gzip data'],
    ['deflate', 400, 'the body is not valid deflate data'],
    ['br', 415, "Content-Encoding 'br' is not supported"],
  ])(
    'answers a %s body that does not decode with %i, in its own words',
    async (encoding, status, words) => {
      const { app } = buildApp()
      const garbage = new Uint8Array([0x1f, 0x8b, 0x08, 0x00, 0xff, 0xfe, 0x00, 0x01, 0x80, 0x9f])
      const response = await app.request(put(garbage, encoding))
      expect(response.status).toBe(status)
      const text = await response.text()
      expect(text).toContain(words)
      // Nothing but printable ASCII in the message: the bytes are never echoed.
      expect(text).toMatch(/^[\x20-\x7e]*$/)
    },
  )

  it('reads a gzip body through the Node server', async () => {
    const server = await startServer()
    const key = commentKey(server.mock.store)
    const response = await fetch(`${server.url}${path}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
      body: gzipSync(JSON.stringify({ Key: key, Message: 'Over HTTP, gzipped' })),
    })
    expect(response.status).toBe(200)
    expect(((await response.json()) as { Message: string }).Message).toBe('Over HTTP, gzipped')
  })
})
