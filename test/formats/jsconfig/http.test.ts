import { ABTestViewModel } from '../../../src/model/index.ts'
import { describe, expect, it } from 'vitest'
import { bareCommentKey, abTestId, buildHostApp, nowMs } from '../../support/index.ts'

// Per-request `?jsconfig=` (decisions.md section 2; servicestack-wire.md section 6.7): it
// applies to JSON, JSV and CSV, never to XML. The server's clock is 2026-03-01T12:00:00Z, so
// every answer's LastModified is that instant.

const abTesting = '/RestApi/ab-testing'
const createService = '/RestApi/apiservice/createService'

/** Updates the first seeded A/B test (Title, Status Active) and answers in `format`. */
async function putABTest(format: string, jsconfig: string): Promise<string> {
  const { app, store } = buildHostApp()
  const response = await app.request(
    `${abTesting}?format=${format}&jsconfig=${encodeURIComponent(jsconfig)}`,
    {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ Id: abTestId(store), Title: 'Config', Status: 'Active' }),
    },
  )
  expect(response.status).toBe(200)
  return response.text()
}

describe('EmitCamelCaseNames (eccn)', () => {
  it.each([
    'eccn',
    'ECCN',
    'EmitCamelCaseNames:true',
    'emitcamelcasenames',
    'tc:cc',
    'TextCase:CamelCase',
  ])('writes camelCase JSON names for ?jsconfig=%s', async (jsconfig) => {
    const text = await putABTest('json', jsconfig)
    expect(text.startsWith('{"id":')).toBe(true)
    expect(text).toContain('"title":"Config"')
    expect(text).toContain('"siteId":')
    expect(text).toContain('"lastModified":')
    // Nested DTOs too.
    expect(text).toContain('"isOriginal":')
    expect(text).not.toMatch(/"[A-Z]\w*":/)
  })

  it('keeps PascalCase for ?jsconfig=eccn:false', async () => {
    const text = await putABTest('json', 'eccn:false')
    expect(text.startsWith('{"Id":')).toBe(true)
  })

  it('writes camelCase JSV names', async () => {
    const text = await putABTest('jsv', 'eccn')
    expect(text.startsWith('{id:')).toBe(true)
    expect(text).toContain(',title:Config,')
    expect(text).toContain('variations:[{id:')
    expect(text).not.toMatch(/[{,][A-Z]\w*:/)
  })

  it('keeps the declared CSV header names, camelCase only inside the cells', async () => {
    // Issue 18: ServiceStack's CsvWriter writes the header from the property names whatever
    // the casing; `eccn` reaches only the JSV inside the cells.
    const text = await putABTest('csv', 'eccn')
    const header = text.split('\r\n')[0]
    expect(header).toBe(ABTestViewModel.entries.map((entry) => entry.name).join(','))
    expect(text).toContain('"[{id:')
  })

  it('leaves XML names alone', async () => {
    const text = await putABTest('xml', 'eccn')
    expect(text).toContain('<Title>Config</Title>')
    expect(text).toContain('<LastModified>')
    expect(text).not.toContain('<title>')
  })

  it('applies to error bodies too', async () => {
    const { app } = buildHostApp()
    const response = await app.request('/RestApi/comments-api/comments?format=json&jsconfig=eccn', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: '{"Key":""}',
    })
    expect(await response.text()).toBe(
      '{"responseStatus":{"errorCode":"ArgumentException","message":"Invalid Key.","errors":[]}}',
    )
  })
})

describe('DateHandler (dh)', () => {
  it.each([
    ['', `"LastModified":"\\/Date(${nowMs})\\/"`],
    ['dh:iso8601', '"LastModified":"2026-03-01T12:00:00.0000000Z"'],
    ['DateHandler:ISO8601', '"LastModified":"2026-03-01T12:00:00.0000000Z"'],
    ['dh:iso8601do', '"LastModified":"2026-03-01"'],
    ['dh:iso8601dt', '"LastModified":"2026-03-01 12:00:00"'],
    ['dh:rfc1123', '"LastModified":"Sun, 01 Mar 2026 12:00:00 GMT"'],
    ['dh:ut', `"LastModified":${nowMs / 1000}`],
    ['dh:utm', `"LastModified":${nowMs}`],
    ['dh:to', `"LastModified":"\\/Date(${nowMs})\\/"`],
  ])('writes JSON dates for ?jsconfig=%s as %s', async (jsconfig, expected) => {
    expect(await putABTest('json', jsconfig)).toContain(expected)
  })

  // Issue 18: ServiceStack.Text's JSV date writer heeds only the Unix handlers.
  it.each(['dh:iso8601', 'dh:rfc1123', 'dh:iso8601do', 'dh:to'])(
    'keeps the shortest XSD form in JSV for ?jsconfig=%s',
    async (jsconfig) => {
      expect(await putABTest('jsv', jsconfig)).toContain(',LastModified:2026-03-01T12:00:00Z,')
    },
  )

  it('writes the shortest XSD form in JSV without dh', async () => {
    expect(await putABTest('jsv', '')).toContain(',LastModified:2026-03-01T12:00:00Z,')
  })

  it('keeps the shortest XSD form in CSV cells for dh:iso8601, and writes dh:utm', async () => {
    const [header, row] = (await putABTest('csv', 'dh:iso8601')).split('\r\n')
    const column = (header ?? '').split(',').indexOf('LastModified')
    expect(column).toBeGreaterThan(0)
    expect(row).toContain(',2026-03-01T12:00:00Z,')
    expect(await putABTest('csv', 'dh:utm')).toContain(`,${nowMs},`)
  })

  it('leaves XML dates alone', async () => {
    const text = await putABTest('xml', 'dh:iso8601')
    expect(text).toContain('<LastModified>2026-03-01T12:00:00Z</LastModified>')
  })

  it('combines with eccn: ?jsconfig=dh:iso8601,eccn', async () => {
    expect(await putABTest('json', 'dh:iso8601,eccn')).toContain(
      '"lastModified":"2026-03-01T12:00:00.0000000Z"',
    )
  })
})

describe('IncludeNullValues (inv)', () => {
  async function putComment(jsconfig: string, format = 'json'): Promise<string> {
    const { app, store } = buildHostApp()
    const response = await app.request(
      `/RestApi/comments-api/comments?format=${format}&jsconfig=${jsconfig}`,
      {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ Key: bareCommentKey(store) }),
      },
    )
    return response.text()
  }

  it('omits nulls by default and writes them with inv', async () => {
    const plain = await putComment('')
    expect(plain).not.toContain('"CustomData"')
    expect(plain).not.toContain('null')
    const withNulls = await putComment('inv')
    expect(withNulls).toContain('"CustomData":null')
    expect(withNulls).toMatch(/"Rating":null\}$/)
  })

  it('writes null members in JSV with inv', async () => {
    expect(await putComment('')).not.toContain('CustomData')
    expect(await putComment('IncludeNullValues:true', 'jsv')).toContain(',CustomData:')
  })
})

describe('ExcludeDefaultValues (edv)', () => {
  async function postService(format: string, jsconfig: string): Promise<string> {
    const { app } = buildHostApp()
    const response = await app.request(`${createService}?format=${format}&jsconfig=${jsconfig}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ Route: '/api/defaults', Types: [{ Name: 'News' }] }),
    })
    expect(response.status).toBe(200)
    return response.text()
  }

  it('keeps defaults in JSON by default', async () => {
    expect(await postService('json', '')).toBe(
      '{"Route":"/api/defaults","Enabled":false,"AutogenerateTypes":false,' +
        '"Types":[{"Name":"News","ReadOnly":false,"AutogenerateProperties":false}]}',
    )
  })

  it('drops defaults from JSON with edv, nested DTOs included', async () => {
    expect(await postService('json', 'edv')).toBe(
      '{"Route":"/api/defaults","Types":[{"Name":"News"}]}',
    )
  })

  it('drops defaults from JSV with edv', async () => {
    expect(await postService('jsv', 'ExcludeDefaultValues')).toBe(
      '{Route:/api/defaults,Types:[{Name:News}]}',
    )
  })

  it('drops CSV columns whose value is the default with edv', async () => {
    const header = (await postService('csv', 'edv')).split('\r\n')[0] ?? ''
    expect(header.split(',')).not.toContain('Enabled')
    expect(header.split(',')).not.toContain('AutogenerateTypes')
    expect(header.split(',')).toContain('Route')
    const plain = (await postService('csv', '')).split('\r\n')[0] ?? ''
    expect(plain.split(',')).toContain('Enabled')
  })
})

describe('TreatEnumAsInteger (teai)', () => {
  it.each([
    ['json', 'teai', '"Status":2'],
    ['json', 'TreatEnumAsInteger:true', '"Status":2'],
    ['json', 'teai:false', '"Status":"Active"'],
    ['json', '', '"Status":"Active"'],
    ['jsv', 'teai', ',Status:2,'],
    ['jsv', '', ',Status:Active,'],
    ['xml', 'teai', '<Status>Active</Status>'],
  ])(
    'writes the A/B test Status in %s for ?jsconfig=%s as %s',
    async (format, jsconfig, expected) => {
      expect(await putABTest(format, jsconfig)).toContain(expected)
    },
  )

  it('writes the A/B test Status as a number in a CSV cell', async () => {
    const [header, row] = (await putABTest('csv', 'teai')).split('\r\n')
    expect(header).toContain(',Status,')
    expect(row).toMatch(/,2,[^,]*,,/)
    expect(row).not.toContain('Active')
  })

  it('writes nested enums as numbers too', async () => {
    const text = await putABTest('json', 'teai')
    expect(text).toMatch(/"GoalType":\d/)
    expect(text).not.toMatch(/"GoalType":"/)
  })
})

describe('AppendUtcOffset (auo)', () => {
  it('writes \\/Date(ms+0000)\\/ in JSON', async () => {
    expect(await putABTest('json', 'auo')).toContain(`"LastModified":"\\/Date(${nowMs}+0000)\\/"`)
    expect(await putABTest('json', 'AppendUtcOffset:true')).toContain(`\\/Date(${nowMs}+0000)\\/`)
  })

  it('writes no offset without auo or with auo:false', async () => {
    expect(await putABTest('json', 'auo:false')).toContain(`"LastModified":"\\/Date(${nowMs})\\/"`)
  })

  it('leaves XML dates alone', async () => {
    expect(await putABTest('xml', 'auo')).toContain(
      '<LastModified>2026-03-01T12:00:00Z</LastModified>',
    )
  })
})
