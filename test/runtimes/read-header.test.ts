import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { nodeRecord } from '../../src/node/server/app.ts'
import { createMock } from '../../handlers/index.ts'
import { createStore } from '../../src/mock/index.ts'
import { headerMapOf, RequestRecord } from '../../src/wire/index.ts'

// Each host reads a request's headers once into its record: the Node server from Node's raw
// list, everywhere else from the request's Headers. Both must give the same value for any list
// of headers, and the core never reads the request's headers again.

const names = ['content-type', 'accept', 'prefer', 'origin', 'content-length', 'x-other']
const casedName = fc
  .tuple(fc.constantFrom(...names), fc.array(fc.boolean(), { minLength: 14, maxLength: 14 }))
  .map(([name, upper]) => [...name].map((ch, i) => (upper[i] ? ch.toUpperCase() : ch)).join(''))
// Values as Node hands them over: no leading or trailing whitespace, no CR, LF or NUL.
const value = fc
  .string({
    unit: fc.constantFrom('a', 'b', '/', ',', ' ', ';', '=', '*', '1', 'é'),
    maxLength: 12,
  })
  .map((text) => text.trim())
const rawList = fc.array(fc.tuple(casedName, value), { maxLength: 8 }).map((pairs) => pairs.flat())

describe('the request record', () => {
  it('reads a raw header list as Headers.get reads the same headers', () => {
    fc.assert(
      fc.property(rawList, fc.constantFrom(...names), (raw, name) => {
        const headers = new Headers()
        for (let i = 0; i < raw.length; i += 2)
          headers.append(raw[i] as string, raw[i + 1] as string)
        expect(headerMapOf(raw).get(name) ?? null).toBe(headers.get(name))
        expect(headerMapOf(headers).get(name) ?? null).toBe(headers.get(name))
      }),
      { numRuns: 500 },
    )
  })

  it('joins repeats with a comma and finds names in any case', () => {
    const raw = ['Accept', 'text/csv', 'ACCEPT', 'application/json', 'Content-Type', 'text/csv']
    const request = new Request('http://localhost/RestApi/x?__session=s1', { method: 'PUT' })
    const record = nodeRecord({ request, rawHeaders: raw })
    expect(record.header('accept')).toBe('text/csv, application/json')
    expect(record.accept).toBe('text/csv, application/json')
    expect(record.contentType).toBe('text/csv')
    expect(record.header('origin')).toBeNull()
    expect([record.method, record.target.path, record.selected]).toEqual([
      'PUT',
      '/RestApi/x',
      's1',
    ])
    expect(Object.isFrozen(record)).toBe(true)
  })

  it("reads the request's Headers when the host has no raw list (app.request())", () => {
    const request = new Request('http://localhost/', { headers: { Prefer: 'code=503' } })
    const host = nodeRecord({ request })
    expect(host.header('prefer')).toBe('code=503')
    expect(host.header('origin')).toBeNull()
    expect(host.headerList()).toEqual(['prefer', 'code=503'])
  })

  it("answers without reading the request's headers again once its record is made", async () => {
    const mock = createMock({ store: createStore({ seed: 1 }) })
    const key = [...mock.store.state.comments.values()][0]?.Key ?? ''
    const request = new Request('http://localhost/RestApi/comments-api/comments.csv', {
      method: 'PUT',
      headers: { 'Content-Type': 'text/csv', 'X-Mock-Session': 'one', Prefer: 'latency=0' },
      body: `Key,Message\r\n${key},"Hello, from CSV"\r\n`,
    })
    const record = new RequestRecord(request)
    let reads = 0
    const headers = request.headers
    for (const name of [
      'get',
      'has',
      'entries',
      'forEach',
      'keys',
      'values',
      Symbol.iterator,
    ] as const) {
      const own = headers[name].bind(headers) as (...args: unknown[]) => unknown
      Object.defineProperty(headers, name, {
        value: (...args: unknown[]) => {
          reads += 1
          return own(...args)
        },
      })
    }
    const response = await mock.dispatch(request, record)
    expect(response?.status).toBe(200)
    expect(await response?.text()).toContain('Hello, from CSV')
    expect(mock.sessions.list().map(({ id }) => id)).toContain('one')
    expect(reads).toBe(0)
  })
})
