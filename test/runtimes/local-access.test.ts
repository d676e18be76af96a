import { connect } from 'node:net'
import { getResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { createHandlers } from '../../handlers/index.ts'
import { createMock, createStore, type AppOptions } from '../../src/index.ts'
import { buildApp, rawRequest, readJson, startServer } from '../support/index.ts'

// Local by default, as a dev server should be (decisions.md section 6; issue 13, finding 5): no
// page of another site, and no page that rebinds a DNS name to 127.0.0.1, can read or drive the
// mock; requests without an Origin (curl, scripts, tests) are served as before.

const evil = 'https://evil.example'
const createServicePath = '/RestApi/json/reply/CreateService'

/** A simple request a page of any site may send without a preflight: a text/plain POST. */
function simplePost(path: string, body: string, headers: Record<string, string> = {}): RequestInit {
  return { method: 'POST', headers: { 'Content-Type': 'text/plain', ...headers }, body }
}

const serviceBody = JSON.stringify({ Route: '/api/planted', Name: 'Planted' })

function setup(options: AppOptions = {}) {
  const { app, store } = buildApp(options)
  const journalSize = async (): Promise<number> => {
    const body = await readJson(await app.request('/__mock/journal'))
    return (body.entries as unknown[]).length
  }
  return { app, store, journalSize }
}

describe('the origin check', () => {
  it('creates a service from a text/plain POST without an Origin, as curl sends it', async () => {
    const { app, store } = setup()
    const response = await app.request(
      createServicePath,
      simplePost(createServicePath, serviceBody),
    )
    expect(response.status).toBe(200)
    expect(store.state.services.get('/api/planted')?.Name).toBe('Planted')
  })

  it('refuses the same POST from another site with a 403 before anything runs', async () => {
    const { app, store, journalSize } = setup()
    const services = store.state.services.size
    const response = await app.request(
      createServicePath,
      simplePost(createServicePath, serviceBody, { Origin: evil }),
    )
    expect(response.status).toBe(403)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    const { ResponseStatus } = await readJson(response)
    expect(ResponseStatus.ErrorCode).toBe('Forbidden')
    expect(ResponseStatus.Message).toContain(`'${evil}' is not allowed`)
    expect(ResponseStatus.Message).toContain(`--cors-origin ${evil}`)
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
    expect(store.state.services.has('/api/planted')).toBe(false)
    expect(store.state.services.size).toBe(services)
    expect(await journalSize()).toBe(0)
  })

  it('refuses a reset of the state from another site, and the state stays', async () => {
    const { app, store } = setup()
    const before = await (await app.request('/__mock/state')).text()
    const response = await app.request(
      '/__mock/reset?seed=99',
      simplePost('/__mock/reset', '', { Origin: evil }),
    )
    expect(response.status).toBe(403)
    expect(store.seed).toBe(1)
    expect(await (await app.request('/__mock/state')).text()).toBe(before)
  })

  it('refuses a read of the state from another site', async () => {
    const { app } = setup()
    const response = await app.request('/__mock/state', { headers: { Origin: evil } })
    expect(response.status).toBe(403)
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
    expect(await response.text()).not.toContain('ABTests')
  })

  it('refuses Origin: null (a file: page, a sandboxed frame) by default', async () => {
    const { app, store } = setup()
    const response = await app.request(
      '/__mock/reset?seed=7',
      simplePost('/__mock/reset', '', { Origin: 'null' }),
    )
    expect(response.status).toBe(403)
    expect((await readJson(response)).ResponseStatus.Message).toContain('--cors-origin null')
    expect(store.seed).toBe(1)
  })

  it.each(['http://localhost:5173', 'http://127.0.0.1:8080', 'http://[::1]:3000'])(
    'serves the loopback page %s with CORS headers echoing it',
    async (origin) => {
      const { app, store } = setup()
      const response = await app.request(
        createServicePath,
        simplePost(createServicePath, serviceBody, { Origin: origin }),
      )
      expect(response.status).toBe(200)
      expect(response.headers.get('access-control-allow-origin')).toBe(origin)
      expect(response.headers.get('access-control-allow-credentials')).toBe('true')
      expect(store.state.services.has('/api/planted')).toBe(true)
    },
  )

  it('serves an origin named in allowedOrigins (--cors-origin)', async () => {
    const { app } = setup({ allowedOrigins: ['https://app.example'] })
    const response = await app.request('/__mock/state', {
      headers: { Origin: 'https://app.example' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example')
    const other = await app.request('/__mock/state', { headers: { Origin: evil } })
    expect(other.status).toBe(403)
  })

  it("serves any origin with allowedOrigins '*', echoing it rather than *", async () => {
    const { app } = setup({ allowedOrigins: '*' })
    const response = await app.request('/__mock/state', { headers: { Origin: evil } })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe(evil)
    expect(response.headers.get('access-control-allow-credentials')).toBe('true')
  })

  it('answers no preflight of another site: a 403 without CORS headers', async () => {
    const { app } = setup()
    const response = await app.request(createServicePath, {
      method: 'OPTIONS',
      headers: {
        Origin: evil,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    })
    expect(response.status).toBe(403)
    const corsHeaders = [...response.headers.keys()].filter((name) =>
      name.startsWith('access-control-'),
    )
    expect(corsHeaders).toEqual([])
  })

  it('grants a deliberately allowed public site the private-network permission', async () => {
    const { app } = setup({ allowedOrigins: ['https://app.example'] })
    const response = await app.request(createServicePath, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://app.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Private-Network': 'true',
      },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-private-network')).toBe('true')
  })

  it('still refuses another site with cors: false, and serves a loopback page without headers', async () => {
    const { app, store } = setup({ cors: false })
    const refused = await app.request(
      '/__mock/reset?seed=5',
      simplePost('/__mock/reset', '', { Origin: evil }),
    )
    expect(refused.status).toBe(403)
    expect(store.seed).toBe(1)
    const served = await app.request('/__mock/state', {
      headers: { Origin: 'http://localhost:5173' },
    })
    expect(served.status).toBe(200)
    expect(served.headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe('the host check', () => {
  it.each(['evil.example', 'evil.example:4000', '192.168.1.5'])(
    'refuses Host %s (a rebound DNS name, another address) with a 403 naming --allowed-hosts',
    async (host) => {
      const { app, store } = setup()
      const response = await app.request(
        '/__mock/reset?seed=3',
        simplePost('/__mock/reset', '', { Host: host }),
      )
      expect(response.status).toBe(403)
      const { ResponseStatus } = await readJson(response)
      expect(ResponseStatus.ErrorCode).toBe('Forbidden')
      expect(ResponseStatus.Message).toContain(`--allowed-hosts ${host.replace(/:\d+$/, '')}`)
      expect(store.seed).toBe(1)
    },
  )

  it.each(['localhost:1234', '127.0.0.5', '[::1]:80', 'app.localhost:4000'])(
    'serves Host %s',
    async (host) => {
      const { app } = setup()
      const response = await app.request('/__mock/settings', { headers: { Host: host } })
      expect(response.status).toBe(200)
    },
  )

  it("serves app.request()'s own host, localhost, when no Host header is sent", async () => {
    const { app } = setup()
    expect((await app.request('/__mock/settings')).status).toBe(200)
    expect((await app.request('http://evil.example/__mock/settings')).status).toBe(403)
  })

  it('serves a subdomain of an allowed .domain, and the names listed', async () => {
    const { app } = setup({ allowedHosts: ['.example.com', 'mock.test'] })
    for (const host of ['app.example.com', 'example.com:4000', 'mock.test:4000']) {
      const response = await app.request('/__mock/settings', { headers: { Host: host } })
      expect(response.status, host).toBe(200)
    }
    const other = await app.request('/__mock/settings', { headers: { Host: 'evil.example' } })
    expect(other.status).toBe(403)
  })

  it('serves any host with allowedHosts: true', async () => {
    const { app } = setup({ allowedHosts: true })
    const response = await app.request('/__mock/settings', { headers: { Host: 'evil.example' } })
    expect(response.status).toBe(200)
  })

  it("serves the dashboard's own writes on an allowed host name (its origin is that host)", async () => {
    const { app, store } = setup({ allowedHosts: ['mock.test'] })
    const response = await app.request(
      '/__mock/reset?seed=4',
      simplePost('/__mock/reset', '', { Host: 'mock.test:4000', Origin: 'http://mock.test:4000' }),
    )
    expect(response.status).toBe(200)
    expect(store.seed).toBe(4)
  })

  it('lets an allowed page read why a host was refused', async () => {
    const { app } = setup()
    const response = await app.request('/__mock/settings', {
      headers: { Host: 'mymachine.lan:4000', Origin: 'http://localhost:5173' },
    })
    expect(response.status).toBe(403)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
  })
})

describe('the msw handlers', () => {
  it("answer the page's own requests whatever their Origin and host, as before", async () => {
    const store = createStore({ seed: 1 })
    const handlers = createHandlers(createMock({ store }))
    const response = await getResponse(
      handlers,
      new Request(`https://cms.example.com${createServicePath}`, {
        ...simplePost(createServicePath, serviceBody, { Origin: 'https://app.example' }),
      }),
    )
    expect(response?.status).toBe(200)
    expect(store.state.services.has('/api/planted')).toBe(true)
  })
})

describe('the Node server', () => {
  it('refuses a request whose Host is a rebound name, as a browser sends it', async () => {
    const server = await startServer()
    const answer = await rawRequest(`${server.url}/__mock/state`, {
      method: 'GET',
      headers: { Host: `evil.example:${server.port}` },
    })
    expect(answer.status).toBe(403)
    expect(JSON.parse(answer.body).ResponseStatus.Message).toContain('--allowed-hosts evil.example')
    const local = await rawRequest(`${server.url}/__mock/settings`, {
      method: 'GET',
      headers: { Host: `localhost:${server.port}` },
    })
    expect(local.status).toBe(200)
  })

  it('serves allowedHosts, and a refused Origin over HTTP too', async () => {
    const server = await startServer({ allowedHosts: ['mock.test'] })
    const named = await rawRequest(`${server.url}/__mock/settings`, {
      method: 'GET',
      headers: { Host: `mock.test:${server.port}` },
    })
    expect(named.status).toBe(200)
    const foreign = await rawRequest(`${server.url}/__mock/reset`, {
      method: 'POST',
      headers: { Origin: evil, 'Content-Type': 'text/plain' },
      body: '',
    })
    expect(foreign.status).toBe(403)
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('serves an HTTP/1.0 request without a Host header, which no browser sends', async () => {
    const server = await startServer()
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect({ port: server.port, host: '127.0.0.1' })
      let text = ''
      socket.setEncoding('utf8')
      socket.on('data', (chunk: string) => (text += chunk))
      socket.on('end', () => resolve(text))
      socket.on('error', reject)
      socket.write('GET /__mock/settings HTTP/1.0\r\n\r\n')
    })
    expect(reply.split('\r\n', 1)[0]).toMatch(/^HTTP\/1\.[01] 200 OK$/)
  })
})
