import { describe, expect, it } from 'vitest'
import { buildHostApp, commentKey } from '../support/index.ts'

// Issue 13, finding 1 and what its audit found: one small request held the event loop for
// seconds, so every other client waited as long. Each request below took that long before the
// fix (the sizes are chosen so the old code fails in seconds, not minutes); each is now
// answered in milliseconds, and a second leaves room for a busy machine.

async function timedRequest(
  path: string,
  init: RequestInit,
): Promise<{ response: Response; ms: number }> {
  const { app } = buildHostApp()
  const started = performance.now()
  const response = await app.request(path, init)
  await response.clone().arrayBuffer()
  return { response, ms: performance.now() - started }
}

describe('requests that froze the mock', () => {
  it("answers 4 KB of '<a' sent as text/plain to the XML route with a 400 (the depth regex took about 4 s)", async () => {
    const { response, ms } = await timedRequest('/RestApi/xml/reply/CreateService', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: '<a'.repeat(2000),
    })
    expect(ms).toBeLessThan(1000)
    expect(response.status).toBe(400)
    expect(await response.text()).toContain('<ErrorCode>SerializationException</ErrorCode>')
  })

  it("reads a 128 KB CDATA section full of '<' (the xmlns regex took 6.6 s)", async () => {
    const route = `<${'<'.repeat(128 * 1024)}`
    const { response, ms } = await timedRequest('/RestApi/apiservice/createService', {
      method: 'POST',
      headers: { 'Content-Type': 'application/xml', Accept: 'application/json' },
      // No namespace on the root: the old regex then tried every `<` of the section to its end.
      body: `<CreateService><Route><![CDATA[${route}]]></Route></CreateService>`,
    })
    expect(ms).toBeLessThan(1000)
    expect(response.status).toBe(200)
    expect((await response.json()).Route).toBe(route)
  })

  it('drops a 32 KB decimal of digits that ends in a letter (the decimal regex took about 4 s)', async () => {
    const { app, store } = buildHostApp()
    const started = performance.now()
    const response = await app.request('/RestApi/comments-api/comments', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ Key: commentKey(store), Rating: `${'1'.repeat(32 * 1024)}x` }),
    })
    expect(performance.now() - started).toBeLessThan(1000)
    expect(response.status).toBe(200)
    expect(response.headers.get('x-mock-warning')).toContain('Rating')
  })
})
