import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { buildApp, commentKey, commentsPath, expectPlain404, sendJson } from '../support/index.ts'

// CORS on the Hono app: preflights, echoed origins, and the headers on every kind of answer.

describe('CORS', () => {
  it('answers a preflight with the origin, credentials and the requested headers', async () => {
    const { app } = buildApp()
    const response = await app.request(commentsPath, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'content-type,x-custom-header',
      },
    })
    expect(response.status).toBeLessThan(300)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect(response.headers.get('access-control-allow-credentials')).toBe('true')
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase()
    expect(allowed).toContain('content-type')
    expect(allowed).toContain('x-custom-header')
    expect(response.headers.get('access-control-allow-methods') ?? '').toContain('PUT')
  })

  it('writes Vary: Accept on a preflight too, as on every response', async () => {
    const { app } = buildApp()
    const response = await app.request(commentsPath, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'PUT' },
    })
    expect(response.headers.get('vary') ?? '').toMatch(/(^|,\s*)Accept(\s*,|$)/)
  })

  it('echoes the origin on an actual request', async () => {
    const { app, store } = buildApp()
    const response = await sendJson(
      app,
      'PUT',
      commentsPath,
      { Key: commentKey(store) },
      { Origin: 'http://localhost:5173' },
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect(response.headers.get('access-control-allow-credentials')).toBe('true')
  })

  it('writes no CORS headers with cors: false, and routes OPTIONS like any verb', async () => {
    const { app, store } = buildApp({ cors: false })
    const response = await sendJson(
      app,
      'PUT',
      commentsPath,
      { Key: commentKey(store) },
      { Origin: 'http://localhost:5173' },
    )
    expect(response.status).toBe(200)
    const corsHeaders = [...response.headers.keys()].filter((name) =>
      name.startsWith('access-control-'),
    )
    expect(corsHeaders).toEqual([])
    const preflight = await app.request(commentsPath, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'PUT' },
    })
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
    await expectPlain404(preflight)
  })
})

describe('CORS on every kind of answer', () => {
  const origin = { Origin: 'http://localhost:5173' }

  it('builds the headers into an operation answer, Vary keeping Accept', async () => {
    const { app, store } = buildApp()
    const response = await sendJson(app, 'PUT', commentsPath, { Key: commentKey(store) }, origin)
    expect(response.headers.get('vary')).toBe('Accept, Origin')
    expect(response.headers.get('access-control-expose-headers')).toBe(
      'Content-Disposition, X-Mock-Warning',
    )
  })

  it('answers a request without an Origin (no CORS request) with no CORS headers', async () => {
    const { app, store } = buildApp()
    const response = await sendJson(app, 'PUT', commentsPath, { Key: commentKey(store) })
    expect(response.status).toBe(200)
    const corsHeaders = [...response.headers.keys()].filter((name) =>
      name.startsWith('access-control-'),
    )
    expect(corsHeaders).toEqual([])
    expect(response.headers.get('vary')).toBe('Accept')
  })

  it.each([
    ['a service error', 'PUT', commentsPath, { Key: '' }, 400],
    ['an unknown route under the base path', 'GET', '/RestApi/nowhere', undefined, 404],
    ['a path outside the mock', 'GET', '/elsewhere', undefined, 404],
    ['a control route', 'GET', '/__mock/settings', undefined, 200],
  ])('adds them to %s', async (_label, method, path, body, status) => {
    const { app } = buildApp()
    const response = await sendJson(app, method, path, body, origin)
    expect(response.status).toBe(status)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect(response.headers.get('access-control-allow-credentials')).toBe('true')
    expect(response.headers.get('vary') ?? '').toContain('Origin')
  })

  it("adds them to the answer of a user's own msw handler", async () => {
    const { app } = buildApp({
      handlers: [http.get('*/own', () => HttpResponse.json({ own: true }))],
    })
    const response = await app.request('/own', { headers: origin })
    expect(await response.json()).toEqual({ own: true })
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
  })
})
