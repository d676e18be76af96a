import { describe, expect, it } from 'vitest'
import { formatLogLine } from '../../src/node/server/log-line.ts'
import type { Answer, Exchange, Fallback } from '../../src/wire/index.ts'
import { buildApp, commentKey, commentsPath, sendJson } from '../support/index.ts'

// The request log reads an answer's type and warning from the exchange the dispatch kept, not
// from the Response: on the Node server, reading a Response's headers builds a full copy of them
// (undici's Headers, then Hono writes that instead of the record), a tenth of the instructions of
// a forwarded request (docs/performance.md, "The proxy").

/** A Response whose headers must not be read. */
function sealedResponse(status: number): Response {
  const response = new Response('', { status })
  Object.defineProperty(response, 'headers', {
    get: () => {
      throw new Error('read the headers of the Response')
    },
  })
  return response
}

function fallbackExchange(headers: Record<string, string>): Exchange {
  const answer: Answer = { status: 200, statusText: undefined, headers, body: '' }
  return { source: 'proxy', ctx: null, answer } as Partial<Exchange> as Exchange
}

describe('the log line of an answer without a context', () => {
  const request = new Request('http://127.0.0.1/RestApi/comments-api/comments', { method: 'PUT' })

  it("takes a forwarded answer's type and warning from its head, as undici names them", () => {
    const exchange = fallbackExchange({
      'content-type': 'application/xml; charset=utf-8',
      'x-mock-warning': 'the session cookie was lost',
    })
    expect(formatLogLine(request, sealedResponse(200), 1, exchange)).toBe(
      'PUT /RestApi/comments-api/comments xml 200 1.0ms warning: the session cookie was lost',
    )
  })

  it("takes the type of the mock's own error under a fallback (the proxy's 502) as written", () => {
    const exchange = fallbackExchange({ 'Content-Type': 'application/json; charset=utf-8' })
    expect(formatLogLine(request, sealedResponse(502), 2, exchange)).toBe(
      'PUT /RestApi/comments-api/comments json 502 2.0ms',
    )
  })

  it('logs an operation passed through to a fallback with the fallback answer’s format', async () => {
    const lines: string[] = []
    const upstream: Fallback = {
      source: 'proxy',
      name: 'http://upstream.test',
      answer: async () => ({
        status: 200,
        statusText: 'OK',
        headers: { 'content-type': 'text/csv' },
        cookies: [],
        body: 'Key\r\n',
      }),
    }
    const { app, store } = buildApp({
      log: (line) => lines.push(line),
      fallbacks: [upstream],
      passthrough: ['CommentUpdateRequest'],
    })
    const response = await sendJson(app, 'PUT', commentsPath, { Key: commentKey(store) })
    expect(await response.text()).toBe('Key\r\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^PUT \/RestApi\/comments-api\/comments csv 200 \d+\.\dms$/)
  })
})
