import { describe, expect, it } from 'vitest'
import { operationCases, type OperationCase } from '../operations/operation-cases.ts'
import { bodyTypes, buildHostApp, parseBack } from '../support/index.ts'
import { describeFormatMatrix } from './format-matrix.ts'

// The format matrix (format-matrix.ts) over the spec's operations, each sent its own example.
describeFormatMatrix({ cases: operationCases, build: () => buildHostApp() })

describe('a UTF-8 byte order mark before the body', () => {
  const cases = (['json', 'jsv', 'xml', 'csv'] as const).map((format) => [format] as const)

  it.each(cases)('reads a %s body that starts with a BOM', async (format) => {
    const op = operationCases.find((each) => each.hasBody) as OperationCase
    const { app, store } = buildHostApp()
    const request = op.request(store)
    // An XML body after the BOM starts with its declaration, as the XML writer writes it.
    const declared = request.xml.startsWith('<?xml')
      ? request.xml
      : `<?xml version="1.0" encoding="utf-8"?>${request.xml}`
    const body = format === 'xml' ? declared : request[format]
    const response = await app.request(op.path(store), {
      method: op.method,
      headers: { 'Content-Type': bodyTypes[format], Accept: 'application/json' },
      body: new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(body)]),
    })
    const text = await response.text()
    expect(response.status, text).toBe(200)
    expect(parseBack('json', text, op.responseDef).warnings).toEqual([])
  })
})
