import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { NodeRequestHost, readRawHeader } from '../../src/node/server/node-request-host.ts'

// On the Node server the mock reads request headers from Node's raw list; everywhere else from
// the request's Headers. Both must give the same value for any list of headers.

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

describe('readRawHeader', () => {
  it('reads a raw header list as Headers.get reads the same headers', () => {
    fc.assert(
      fc.property(rawList, fc.constantFrom(...names), (raw, name) => {
        const headers = new Headers()
        for (let i = 0; i < raw.length; i += 2)
          headers.append(raw[i] as string, raw[i + 1] as string)
        expect(readRawHeader(raw, name)).toBe(headers.get(name))
      }),
      { numRuns: 500 },
    )
  })

  it('joins repeats with a comma and finds names in any case', () => {
    const raw = ['Accept', 'text/csv', 'ACCEPT', 'application/json', 'Content-Type', 'text/csv']
    expect(readRawHeader(raw, 'accept')).toBe('text/csv, application/json')
    expect(readRawHeader(raw, 'content-type')).toBe('text/csv')
    expect(readRawHeader(raw, 'origin')).toBeNull()
  })

  it("reads the request's Headers when the host has no raw list (app.request())", () => {
    const request = new Request('http://localhost/', { headers: { Prefer: 'code=503' } })
    const host = new NodeRequestHost({ request })
    expect(host.header('prefer')).toBe('code=503')
    expect(host.header('origin')).toBeNull()
    expect(host.headerList()).toEqual(['prefer', 'code=503'])
  })
})
