import { describe, expect, it } from 'vitest'
import type { Store } from '../../src/index.ts'
import {
  abTestsPath,
  commentKey,
  commentsPath,
  createPlane,
  startServer,
} from '../support/index.ts'

// Issue 30, C9: `Accept: */*` (curl's default) with a body of a type no format reads. The real
// host echoes the request's Content-Type as the answer's (SS HttpRequestExtensions.cs
// l.683–689) and then finds no serializer for it: SerializeUnknownContentType writes nothing
// for an ErrorResponse and throws NotSupportedException for any other DTO (SS
// Host/ContentTypes.cs l.149–178), which SF's UncaughtExceptionHandlers answer as a 405 with
// no body (SS HttpRequestExtensions.cs l.276; SF Services/ServiceStack/ServiceStackAppHost.cs
// l.71–78).

type Send = (path: string, init: RequestInit) => Promise<Response>

const ways: [string, () => Promise<{ send: Send; store: Store }>][] = [
  [
    'the app',
    async () => {
      const plane = createPlane('app')
      return { send: (path, init) => plane.request(path, init), store: plane.store }
    },
  ],
  [
    'msw',
    async () => {
      const plane = createPlane('msw')
      return { send: (path, init) => plane.request(path, init), store: plane.store }
    },
  ],
  [
    'the Node server',
    async () => {
      const server = await startServer()
      return { send: (path, init) => fetch(server.url + path, init), store: server.mock.store }
    },
  ],
]

function put(contentType: string, body = 'x'): RequestInit {
  return { method: 'PUT', headers: { 'Content-Type': contentType, Accept: '*/*' }, body }
}

describe.each(ways)('a body of an unknown type with Accept */* through %s', (_, start) => {
  it.each(['application/octet-stream', 'text/plain; charset=utf-8'])(
    'answers the error with the Content-Type %s echoed and no body',
    async (contentType) => {
      const { send } = await start()
      const response = await send(commentsPath, put(contentType))
      expect(response.status).toBe(400)
      expect(response.headers.get('content-type')).toBe(contentType)
      expect(response.headers.get('vary')).toBe('Accept')
      expect(response.headers.get('x-mock-warning')).toContain(
        `the real server has no writer for '${contentType}' and answers the error with no body`,
      )
      expect(await response.text()).toBe('')
    },
  )

  it('answers a success as the NotSupportedException the writer throws: 405, no body', async () => {
    const { send, store } = await start()
    const key = commentKey(store)
    const response = await send(`${commentsPath}?Key=${key}&Message=q`, put('application/pdf'))
    expect(response.status).toBe(405)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    expect(await response.text()).toBe('')
    // The service ran before the answer failed to be written.
    expect(store.state.comments.get(key)?.Message).toBe('q')
  })

  it('still answers JSON when the unknown type comes with Accept: application/json', async () => {
    const { send } = await start()
    const init = put('application/octet-stream')
    init.headers = { 'Content-Type': 'application/octet-stream', Accept: 'application/json' }
    const response = await send(abTestsPath, init)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
  })
})
