import {
  createServer as createHttpServer,
  request,
  type IncomingMessage,
  type Server,
} from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStore } from '../../src/index.ts'
import { commentKey, startServer } from '../support/index.ts'

// Issue 16, pass-through: what the mock does not implement goes to a real host, here a small
// node:http "CMS" that records what it received.

interface Received {
  readonly method: string
  readonly url: string
  readonly headers: IncomingMessage['headers']
  readonly rawHeaders: readonly string[]
  readonly body: Buffer
}

const received: Received[] = []
/** Bytes /drip has sent after its first. */
let dripped = 0
let cms: Server
let cmsUrl: string

beforeAll(async () => {
  cms = createHttpServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks)
    received.push({
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
      rawHeaders: request.rawHeaders,
      body,
    })
    const path = (request.url ?? '').split('?')[0]
    if (path === '/old') {
      response.writeHead(302, { Location: '/new' }).end()
    } else if (path === '/login') {
      response.setHeader('Set-Cookie', [
        'sid=abc; Domain=cms.example.com; Path=/; Secure; HttpOnly; SameSite=None',
        'theme=dark; Path=/',
      ])
      response.writeHead(204).end()
    } else if (path === '/die') {
      // A head cut off halfway: the mock never gets an answer to pass on.
      response.socket?.end('HTTP/1.1 200 OK\r\nContent-Le')
    } else if (path === '/half') {
      // A head and part of the body, then the connection dies.
      response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '100' })
      response.write('{"Title":"Ha')
      setTimeout(() => response.socket?.destroy(), 20)
    } else if (path === '/slow') {
      setTimeout(() => response.end('late'), 2_000)
    } else if (path === '/drip') {
      // Its head at once, then a byte at a time, for ever (until the client goes).
      response.writeHead(200, { 'Content-Type': 'text/plain' })
      response.write('a')
      const drip = setInterval(() => {
        dripped++
        response.write('b')
      }, 20)
      response.on('close', () => clearInterval(drip))
    } else {
      response.writeHead(path === '/RestApi/missing' ? 404 : 200, {
        'Content-Type': 'application/octet-stream',
        'X-Upstream': 'cms',
        Connection: 'keep-alive, X-Upstream-Hop',
        'X-Upstream-Hop': 'yes',
      })
      response.end(Buffer.concat([Buffer.from(`${request.method} ${request.url}|`), body]))
    }
  })
  await new Promise<void>((resolve) => cms.listen(0, '127.0.0.1', resolve))
  cmsUrl = `http://127.0.0.1:${(cms.address() as AddressInfo).port}`
})

afterAll(async () => {
  cms.closeAllConnections()
  await new Promise((resolve) => cms.close(resolve))
})

async function mockWith(extra: { passthrough?: string[]; timeoutMs?: number; url?: string } = {}) {
  return startServer({
    proxy: { url: extra.url ?? cmsUrl, timeoutMs: extra.timeoutMs ?? 5_000, insecure: false },
    ...(extra.passthrough ? { passthrough: extra.passthrough } : {}),
  })
}

describe('--proxy', () => {
  it('serves the four operations itself: the upstream sees none of them', async () => {
    const mock = await mockWith()
    received.length = 0
    const response = await fetch(`${mock.url}/RestApi/comments-api/comments`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ Key: commentKey(createStore({ seed: 1 })), Message: 'mine' }),
    })
    expect(response.status).toBe(200)
    expect(((await response.json()) as { Message: string }).Message).toBe('mine')
    expect((await fetch(`${mock.url}/__mock/state?limit=1`)).status).toBe(200)
    expect(received).toEqual([])
  })

  it('forwards the rest byte for byte: method, path, query and body, and the answer as it was', async () => {
    const mock = await mockWith()
    received.length = 0
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 255, 10, 13])
    const response = await fetch(`${mock.url}/RestApi/pages/home?b=2&a=1`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream', 'X-Custom': 'kept' },
      body: bytes,
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('x-upstream')).toBe('cms')
    const answer = Buffer.from(await response.arrayBuffer())
    expect(answer).toEqual(Buffer.concat([Buffer.from('POST /RestApi/pages/home?b=2&a=1|'), bytes]))
    const [seen] = received
    expect(seen?.body).toEqual(bytes)
    expect(seen?.headers['x-custom']).toBe('kept')
    // Outside the base path too; a 404 of the upstream's is passed on as it is.
    expect(await (await fetch(`${mock.url}/assets/app.js`)).text()).toBe('GET /assets/app.js|')
    expect((await fetch(`${mock.url}/RestApi/missing`)).status).toBe(404)
  })

  it('rewrites Host, adds X-Forwarded-*, and drops hop-by-hop headers both ways', async () => {
    const mock = await mockWith()
    received.length = 0
    // fetch will not send a Connection header of the caller's: node:http does.
    const answerHeaders = await new Promise<IncomingMessage['headers']>((resolve, reject) => {
      const headers = {
        Connection: 'keep-alive, X-Hop',
        'X-Hop': 'secret',
        'X-Forwarded-For': '10.0.0.9',
      }
      const outgoing = request(`${mock.url}/RestApi/pages/about`, { headers }, (answer) => {
        answer.resume()
        answer.once('end', () => resolve(answer.headers))
      })
      outgoing.once('error', reject)
      outgoing.end()
    })
    expect(answerHeaders['x-upstream']).toBe('cms')
    expect(answerHeaders['x-upstream-hop']).toBeUndefined()
    const headers = received[0]?.headers ?? {}
    expect(headers.host).toBe(new URL(cmsUrl).host)
    expect(headers['x-hop']).toBeUndefined()
    expect(headers['x-forwarded-for']).toBe('10.0.0.9, 127.0.0.1')
    expect(headers['x-forwarded-host']).toBe(new URL(mock.url).host)
    expect(headers['x-forwarded-proto']).toBe('http')
  })

  it('passes redirects on as they are, and makes cookies work on http://127.0.0.1', async () => {
    const mock = await mockWith()
    const redirect = await fetch(`${mock.url}/old`, { redirect: 'manual' })
    expect(redirect.status).toBe(302)
    expect(redirect.headers.get('location')).toBe('/new')
    const login = await fetch(`${mock.url}/login`)
    expect(login.status).toBe(204)
    expect(login.headers.getSetCookie()).toEqual([
      'sid=abc; Path=/; HttpOnly; SameSite=Lax',
      'theme=dark; Path=/',
    ])
  })

  it('never forwards /__mock', async () => {
    const mock = await mockWith()
    received.length = 0
    expect((await fetch(`${mock.url}/__mock/nope`)).status).toBe(404)
    expect(received).toEqual([])
  })

  it('records each proxied exchange in the journal with source proxy, and shows the upstream', async () => {
    const mock = await mockWith()
    await (await fetch(`${mock.url}/RestApi/pages/home`)).arrayBuffer()
    const journal = (await (await fetch(`${mock.url}/__mock/journal`)).json()) as {
      entries: { url: string; source: string; status: number }[]
    }
    expect(journal.entries.at(-1)).toMatchObject({ source: 'proxy', status: 200 })
    const settings = (await (await fetch(`${mock.url}/__mock/settings`)).json()) as {
      upstream: string
    }
    expect(settings.upstream).toBe(cmsUrl)
  })
})

describe('--proxy under load', () => {
  it('loses nothing: 50 clients × 10 requests, each answered with its own body', async () => {
    const mock = await mockWith()
    received.length = 0
    const answers = await Promise.all(
      Array.from({ length: 50 }, async (_, client) => {
        const seen: string[] = []
        for (let i = 0; i < 10; i++) {
          const response = await fetch(`${mock.url}/RestApi/load/${client}`, {
            method: 'POST',
            body: `body ${client}-${i}`,
          })
          seen.push(`${response.status} ${await response.text()}`)
        }
        return seen
      }),
    )
    answers.forEach((seen, client) => {
      expect(seen).toEqual(
        Array.from(
          { length: 10 },
          (_, i) => `200 POST /RestApi/load/${client}|body ${client}-${i}`,
        ),
      )
    })
    expect(received).toHaveLength(500)
  }, 30_000)
})

describe('--proxy time-outs (issue 40, L2)', () => {
  it('answers an upstream whose head does not come in time with a 504 GatewayTimeout', async () => {
    const mock = await mockWith({ timeoutMs: 300 })
    const json = await fetch(`${mock.url}/slow`, { headers: { Accept: 'application/json' } })
    expect(json.status).toBe(504)
    const { ResponseStatus } = (await json.json()) as {
      ResponseStatus: { ErrorCode: string; Message: string }
    }
    expect(ResponseStatus.ErrorCode).toBe('GatewayTimeout')
    expect(ResponseStatus.Message).toBe(`Failed to reach ${cmsUrl}: no answer within 300 ms`)
    const own = await fetch(`${mock.url}/__mock/settings`)
    expect(own.status).toBe(200)
  })

  it('sends the head of an upstream that trickles its body once --proxy-timeout has passed', async () => {
    const mock = await mockWith({ timeoutMs: 300 })
    dripped = 0
    const response = await fetch(`${mock.url}/drip`)
    // Before the fix the head waited for 64 KB: at this rate, about 20 minutes.
    expect(response.status).toBe(200)
    expect(dripped).toBeLessThan(64 * 1024)
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    let text = ''
    while (text.length < 5) text += new TextDecoder().decode((await reader.read()).value)
    expect(text).toMatch(/^ab+$/)
    await reader.cancel()
  })
})

describe('--proxy failures', () => {
  it.each([
    ['an upstream that cannot be reached', 'http://127.0.0.1:9', '/RestApi/pages', /ECONNREFUSED/],
    ['an upstream that breaks off in its head', undefined, '/die', /Failed to reach/],
    ['an upstream that breaks off in its body', undefined, '/half', /broke off/],
  ])(
    'answers %s with a 502 BadGateway naming it, and keeps serving',
    async (_name, url, path, cause) => {
      const mock = await mockWith({ timeoutMs: 300, ...(url ? { url } : {}) })
      const json = await fetch(`${mock.url}${path}`, { headers: { Accept: 'application/json' } })
      expect(json.status).toBe(502)
      const { ResponseStatus } = (await json.json()) as {
        ResponseStatus: { ErrorCode: string; Message: string }
      }
      expect(ResponseStatus.ErrorCode).toBe('BadGateway')
      expect(ResponseStatus.Message).toContain(url ?? cmsUrl)
      expect(ResponseStatus.Message).toMatch(cause)
      const xml = await fetch(`${mock.url}${path}`, { headers: { Accept: 'application/xml' } })
      expect(xml.status).toBe(502)
      expect(await xml.text()).toContain('<ErrorCode>BadGateway</ErrorCode>')
      const own = await fetch(`${mock.url}/__mock/settings`)
      expect(own.status).toBe(200)
    },
  )
})

describe('--passthrough', () => {
  it('forwards chosen operations, and PUT /__mock/passthrough changes the set at run time', async () => {
    const mock = await mockWith({ passthrough: ['CommentUpdateRequest'] })
    received.length = 0
    const update = () =>
      fetch(`${mock.url}/RestApi/comments-api/comments`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ Key: 'k' }),
      })
    expect(await (await update()).text()).toBe('PUT /RestApi/comments-api/comments|{"Key":"k"}')
    const put = (operations: unknown) =>
      fetch(`${mock.url}/__mock/passthrough`, {
        method: 'PUT',
        body: JSON.stringify({ operations }),
      })
    expect(await (await put([])).json()).toEqual({ passthrough: [] })
    expect((await update()).status).toBe(404) // the mock's own answer: no comment 'k'
    const refused = await put(['NoSuchOperation'])
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('NoSuchOperation')
    const settings = (await (await fetch(`${mock.url}/__mock/settings`)).json()) as {
      passthrough: string[]
    }
    expect(settings.passthrough).toEqual([])
    expect(received).toHaveLength(1)
  })
})
