import { describe, expect, it } from 'vitest'
import { buildHostApp, commentKey, growth, linearGrowthLimit } from '../support/index.ts'

// Issue 13, finding 1 and what its audit found: one small request held the event loop for
// seconds, so every other client waited as long. Each request below took that long before the
// fix (the sizes are chosen so the old code fails in seconds, not minutes). Each is now judged by
// how its time grows from a sixteenth of its size to the whole (at most 64 times: linear is 16,
// the old regexes' quadratic 256), so a loaded machine cannot fail it.

describe('requests that froze the mock', () => {
  it("answers 4 KB of '<a' sent as text/plain to the XML route with a 400 (the depth regex took about 4 s)", async () => {
    const { app } = buildHostApp()
    const send = (size: number) =>
      app.request('/RestApi/xml/reply/CreateService', {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: '<a'.repeat(size / 2),
      })
    const { ratio, summary } = await growth(async (size) => (await send(size)).text(), 4096)
    expect(ratio, summary).toBeLessThan(linearGrowthLimit)
    const response = await send(4096)
    expect(response.status).toBe(400)
    expect(await response.text()).toContain('<ErrorCode>SerializationException</ErrorCode>')
  })

  it("reads a 128 KB CDATA section full of '<' (the xmlns regex took 6.6 s)", async () => {
    const { app } = buildHostApp()
    // Each run creates a service of its own route: the mock refuses a route twice.
    let runs = 0
    const route = (size: number) => `<${'<'.repeat(size)}${runs++}`
    const send = (text: string) =>
      app.request('/RestApi/apiservice/createService', {
        method: 'POST',
        headers: { 'Content-Type': 'application/xml', Accept: 'application/json' },
        // No namespace on the root: the old regex then tried every `<` of the section to its end.
        body: `<CreateService><Route><![CDATA[${text}]]></Route></CreateService>`,
      })
    const { ratio, summary } = await growth(
      async (size) => (await send(route(size))).text(),
      128 * 1024,
    )
    expect(ratio, summary).toBeLessThan(linearGrowthLimit)
    const last = route(128 * 1024)
    const response = await send(last)
    expect(response.status).toBe(200)
    expect((await response.json()).Route).toBe(last)
  })

  it('drops a 32 KB decimal of digits that ends in a letter (the decimal regex took about 4 s)', async () => {
    const { app, store } = buildHostApp()
    const send = (size: number) =>
      app.request('/RestApi/comments-api/comments', {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ Key: commentKey(store), Rating: `${'1'.repeat(size)}x` }),
      })
    const { ratio, summary } = await growth(async (size) => (await send(size)).text(), 32 * 1024)
    expect(ratio, summary).toBeLessThan(linearGrowthLimit)
    const response = await send(32 * 1024)
    expect(response.status).toBe(200)
    expect(response.headers.get('x-mock-warning')).toContain('Rating')
  })
})
