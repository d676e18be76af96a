import { describe, expect, it } from 'vitest'
import type { Store } from '../../src/index.ts'
import { buildApp, commentKey, commentsPath, sendJson } from '../support/index.ts'

describe('request log', () => {
  function loggedApp(): { app: ReturnType<typeof buildApp>['app']; store: Store; lines: string[] } {
    const lines: string[] = []
    const { app, store } = buildApp({ log: (line) => lines.push(line) })
    return { app, store, lines }
  }

  it('writes one line per request: method, path, format, status and time', async () => {
    const { app, store, lines } = loggedApp()
    await sendJson(app, 'PUT', `${commentsPath}?format=csv`, { Key: commentKey(store) })
    await sendJson(app, 'PUT', commentsPath, { Key: '' }, { Accept: 'application/xml' })
    await app.request('/__mock/settings')
    await app.request('/elsewhere')
    expect(lines).toHaveLength(4)
    expect(lines[0]).toMatch(
      /^PUT \/RestApi\/comments-api\/comments\?format=csv csv 200 \d+\.\dms$/,
    )
    expect(lines[1]).toMatch(/^PUT \/RestApi\/comments-api\/comments xml 400 \d+\.\dms$/)
    expect(lines[2]).toMatch(/^GET \/__mock\/settings json 200 /)
    expect(lines[3]).toMatch(/^GET \/elsewhere text 404 /)
  })

  it("ends the line with the mock's warnings, as X-Mock-Warning says them", async () => {
    const { app, store, lines } = loggedApp()
    const response = await sendJson(app, 'PUT', commentsPath, {
      Key: commentKey(store),
      Rating: 'five',
    })
    const warning = response.headers.get('x-mock-warning')
    expect(warning).toContain('Rating')
    expect(lines[0]).toMatch(/ json 200 \d+\.\dms warning: /)
    expect(lines[0]?.endsWith(`warning: ${warning}`)).toBe(true)
  })

  it('logs a JSONP answer as jsonp', async () => {
    const { app, store, lines } = loggedApp()
    await sendJson(app, 'PUT', `${commentsPath}?callback=cb`, { Key: commentKey(store) })
    expect(lines[0]).toMatch(/ jsonp 200 /)
  })
})
