import { describe, expect, it } from 'vitest'
import {
  commentKey,
  commentsPath,
  commentUpdate,
  createPlane,
  expectPlain404,
  startServer,
} from '../support/index.ts'

// Issue 30, C6: which path extensions the real host strips. RestHandler.GetSanitizedPathInfo
// (SS Host/RestHandler.cs l.31–47) takes the text after the path's LAST `.` and strips it only
// when ContentTypes.GetFormatContentType knows it (Host/ContentTypes.cs l.75–80, a plain
// dictionary). HtmlFormat registers `text/jsonreport` beside `text/html` (Formats/HtmlFormat.cs
// l.51–52), so `.jsonreport` is such a format and answers the HTML page under that type
// (l.106). After `.json/` the text is `json/`, which no format is: nothing is stripped and the
// last segment `comments.json` matches no route.

type Send = (path: string, init: RequestInit) => Promise<Response>

const ways: [string, () => Promise<{ send: Send; key: string }>][] = [
  [
    'the app',
    async () => {
      const plane = createPlane('app')
      return { send: (path, init) => plane.request(path, init), key: commentKey(plane.store) }
    },
  ],
  [
    'msw',
    async () => {
      const plane = createPlane('msw')
      return { send: (path, init) => plane.request(path, init), key: commentKey(plane.store) }
    },
  ],
  [
    'the Node server',
    async () => {
      const server = await startServer()
      return {
        send: (path, init) => fetch(server.url + path, init),
        key: commentKey(server.mock.store),
      }
    },
  ],
]

describe.each(ways)('path extensions through %s', (_, start) => {
  it.each([`${commentsPath}.json/`, `${commentsPath}.xml//`, `${commentsPath}.jsonreport/`])(
    'answers %s with the plain-text 404: a slash after the extension keeps it in the path',
    async (path) => {
      const { send, key } = await start()
      await expectPlain404(await send(path, commentUpdate(key, 'slash')))
    },
  )

  it('answers .jsonreport with the HTML page under the Content-Type text/jsonreport', async () => {
    const { send, key } = await start()
    const response = await send(`${commentsPath}.jsonreport`, commentUpdate(key, 'report'))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/jsonreport')
    const page = await response.text()
    expect(page).toMatch(/^<!doctype html>/i)
    expect(page).toContain('report')
    // HtmlFormat links the request's absolute URL as it came, its extension kept (issue 39).
    expect(page).toMatch(
      new RegExp(`href="http://[^"]+${commentsPath}\\.jsonreport\\?format=json"`),
    )
  })

  it('keeps .JSONREPORT in the path (extensions are case-sensitive): a 404', async () => {
    const { send, key } = await start()
    await expectPlain404(await send(`${commentsPath}.JSONREPORT`, commentUpdate(key, 'case')))
  })
})
