import { describe, expect, it } from 'vitest'
import { createMock, createStore } from '../../src/index.ts'
import { startBanner } from '../../src/tools/cli/start-banner.ts'
import { httpMethods } from '../../src/wire/index.ts'

// What the command prints once it serves: where, the dashboard, the operations, the data, how
// to stop; the first line keeps the form scripts wait for.

const mock = createMock({ store: createStore({ seed: 7 }) })
const banner = startBanner({
  mock,
  url: 'http://127.0.0.1:4000',
  seed: 7,
  scenario: 'flagged',
  startedInMs: 31,
  notes: ['strict'],
  upstream: 'https://cms.example.com',
  record: 'session.har',
})
const lines = banner.split('\n')
/** A line that names an operation: any verb an operation may have, then its route. */
const operationLine = new RegExp(`\\b(${httpMethods.join('|')}) +/RestApi/`)

describe('the start banner', () => {
  it('keeps its first line as scripts read it', () => {
    expect(lines[0]).toBe(
      'restapi-mock: serving /RestApi on http://127.0.0.1:4000/RestApi (seed 7, default format html, strict) in 31 ms',
    )
  })

  it('names the dashboard, every operation with its method, the data, the proxy and how to stop', () => {
    expect(banner).toContain('  dashboard   http://127.0.0.1:4000/__mock\n')
    for (const operation of mock.operations)
      expect(banner).toMatch(
        new RegExp(`${operation.method} +/RestApi${operation.route.replace(/[{}]/g, '\\$&')}\n`),
      )
    expect(lines.filter((line) => operationLine.test(line))).toHaveLength(mock.operations.length)
    expect(banner).toContain('scenario flagged, seed 7 (http://127.0.0.1:4000/__mock/state)')
    expect(banner).toContain(
      '  proxy       what the mock does not serve goes to https://cms.example.com\n',
    )
    expect(banner).toContain('  record      session.har\n')
    expect(banner.trimEnd().split('\n').at(-1)).toBe('  stop        Ctrl-C')
  })
})
