import { describe, expect, it } from 'vitest'
import { buildApp, commentsPath, expectPlain404, startServer } from '../support/index.ts'

// Issue 30, N19: the real host has no CorsFeature (the only Access-Control-Allow-Origin in the
// decompiled CMS is for OpenID assets, SF Web/SitefinityHttpModule.cs l.410–418), so an
// OPTIONS request is routed like any verb and answered 404. The mock still answers a browser's
// preflight (an OPTIONS with an Origin and Access-Control-Request-Method) so pages can call
// it; anything else gets the real 404.

describe('OPTIONS requests in the default CORS mode', () => {
  it('answers an OPTIONS without an Origin with the plain 404', async () => {
    const { app } = buildApp()
    await expectPlain404(await app.request(commentsPath, { method: 'OPTIONS' }))
  })

  it('answers an OPTIONS without Access-Control-Request-Method with the 404, CORS headers on', async () => {
    const { app } = buildApp()
    const origin = 'http://localhost:5173'
    const response = await app.request(commentsPath, {
      method: 'OPTIONS',
      headers: { Origin: origin },
    })
    expect(response.headers.get('access-control-allow-origin')).toBe(origin)
    expect(response.headers.get('access-control-allow-methods')).toBeNull()
    await expectPlain404(response)
  })

  it('still answers a preflight over the Node server', async () => {
    const server = await startServer()
    const bare = await fetch(server.url + commentsPath, { method: 'OPTIONS' })
    await expectPlain404(bare)
    const preflight = await fetch(server.url + commentsPath, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'PUT' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT')
  })
})
