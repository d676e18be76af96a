import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ABTestViewModel, CreateService, type DtoDef } from '../../../src/model/index.ts'
import { codecs } from '../../../src/wire/formats/codecs.ts'
import { parseJsConfig } from '../../../src/wire/formats/jsconfig.ts'
import { abTest, createService } from '../fixtures.ts'
import { writeContext } from '../../support/index.ts'

// servicestack-wire.md section 6.7 and decisions.md section 2: `?jsconfig=` applies to JSON, JSV
// and CSV, never to XML.

type TextFormat = 'json' | 'jsv' | 'csv'

function write(format: TextFormat | 'xml', def: DtoDef, value: object, jsconfig: string): string {
  return codecs[format].write(def, value, writeContext(parseJsConfig(jsconfig)))
}

/** The header row and the data row of a one-row CSV table, as cells. */
function csvTable(text: string): { header: string[]; row: string } {
  const [header = '', ...rest] = text.split('\r\n')
  return { header: header.split(','), row: rest.join('\r\n') }
}

describe('?jsconfig= in JSON, JSV and CSV', () => {
  it.each<{ format: TextFormat; fragments: string[] }>([
    { format: 'json', fragments: ['{"id":"6b1c', '"siteId":', '"variations":[{"id":"a1"'] },
    { format: 'jsv', fragments: ['{id:6b1c', ',siteId:', ',variations:[{id:a1,name:Original'] },
  ])('writes camelCase names in $format with eccn', ({ format, fragments }) => {
    const text = write(format, ABTestViewModel, abTest, 'eccn')
    for (const fragment of fragments) expect(text).toContain(fragment)
    expect(text).not.toContain('SiteId')
  })

  it('keeps the declared CSV headers with eccn, camelCase in the cells (issue 18)', () => {
    const text = write('csv', ABTestViewModel, abTest, 'eccn')
    expect(csvTable(text).header).toEqual(ABTestViewModel.entries.map((entry) => entry.name))
    expect(text).toContain('"[{id:a1,name:Original,')
  })

  it.each<{ format: TextFormat; kept: string; dropped: string }>([
    { format: 'json', kept: '"Enabled":true', dropped: '"AutogenerateTypes"' },
    { format: 'jsv', kept: 'Enabled:True', dropped: 'AutogenerateTypes' },
  ])('omits default values in $format with edv', ({ format, kept, dropped }) => {
    const text = write(format, CreateService, createService, 'edv')
    expect(text).toContain(kept)
    expect(text).not.toContain(dropped)
    // Nested defaults go too: the first type's `ReadOnly` is false.
    expect(text).not.toMatch(/ReadOnly"?:[Ff]alse/)
  })

  it('drops CSV columns whose value is the default with edv, keeping null columns', () => {
    const plain = csvTable(write('csv', CreateService, createService, ''))
    const { header, row } = csvTable(write('csv', CreateService, createService, 'edv'))
    expect(plain.header).toContain('AutogenerateTypes')
    expect(header).toEqual(plain.header.filter((name) => name !== 'AutogenerateTypes'))
    // ApiKey is null, not a default value: its (empty) column stays, as ServiceStack keeps it.
    expect(header).toContain('ApiKey')
    expect(
      row.startsWith('products,Products API,products,True,,*,Everyone,"[{Name:Products,'),
    ).toBe(true)
  })

  it.each<{ format: TextFormat; fragment: string }>([
    { format: 'json', fragment: '"Description":null,' },
    { format: 'json', fragment: '"UserSegmentId":null}' },
    { format: 'jsv', fragment: ',Description:,StartDate:' },
    { format: 'jsv', fragment: ',UserSegmentId:}' },
  ])('writes null members in $format with inv', ({ format, fragment }) => {
    expect(write(format, ABTestViewModel, abTest, '')).not.toContain(fragment)
    expect(write(format, ABTestViewModel, abTest, 'inv')).toContain(fragment)
  })

  it('leaves the CSV header and row alone with inv: nulls are empty cells anyway', () => {
    const plain = csvTable(write('csv', ABTestViewModel, abTest, ''))
    const withNulls = csvTable(write('csv', ABTestViewModel, abTest, 'inv'))
    expect(withNulls.header).toEqual(plain.header)
    expect(withNulls.row.endsWith(',admin,0e984725-c51c-4bf4-9960-e1c80e27aba1,,,,,\r\n')).toBe(
      true,
    )
  })

  it.each<{ format: TextFormat; status: string; goalType: string }>([
    { format: 'json', status: '"Status":2', goalType: '"GoalType":1' },
    { format: 'jsv', status: 'Status:2', goalType: 'GoalType:1' },
    { format: 'csv', status: ',2,admin,', goalType: 'GoalType:1' },
  ])('writes enums as their numbers in $format with teai', ({ format, status, goalType }) => {
    const text = write(format, ABTestViewModel, abTest, 'teai')
    expect(text).toContain(status)
    expect(text).toContain(goalType)
    expect(text).not.toContain('Active')
    expect(text).not.toContain('FormSubmission')
  })

  it.each<{ format: TextFormat; jsconfig: string; fragment: string }>([
    {
      format: 'json',
      jsconfig: 'dh:iso8601',
      fragment: '"LastModified":"2024-03-15T09:30:00.2500000Z"',
    },
    // JSV and CSV keep the shortest XSD form under every handler but the Unix ones (issue 18).
    { format: 'jsv', jsconfig: 'dh:iso8601', fragment: 'LastModified:2024-03-15T09:30:00.25Z,' },
    { format: 'jsv', jsconfig: 'dh:rfc1123', fragment: 'LastModified:2024-03-15T09:30:00.25Z,' },
    { format: 'csv', jsconfig: 'dh:rfc1123', fragment: ',2024-03-15T09:30:00.25Z,Active,' },
    { format: 'csv', jsconfig: 'dh:iso8601', fragment: ',2024-03-15T09:30:00.25Z,Active,' },
    { format: 'csv', jsconfig: 'dh:iso8601', fragment: ',2024-03-01,,/home,' },
    { format: 'json', jsconfig: 'dh:utm', fragment: '"LastModified":1710495000250,' },
    { format: 'jsv', jsconfig: 'dh:utm', fragment: 'LastModified:1710495000250,' },
    { format: 'csv', jsconfig: 'dh:utm', fragment: ',1709251200000,,/home,' },
    { format: 'csv', jsconfig: 'dh:utm', fragment: ',1710495000250,Active,' },
    { format: 'jsv', jsconfig: 'dh:ut', fragment: 'LastModified:1710495000,' },
  ])('writes dates in $format with $jsconfig', ({ format, jsconfig, fragment }) => {
    expect(write(format, ABTestViewModel, abTest, jsconfig)).toContain(fragment)
  })

  it.each<TextFormat>(['json', 'jsv', 'csv'])(
    'keeps its own date form in %s when dh names no known handler',
    (format) => {
      expect(write(format, ABTestViewModel, abTest, 'dh:bogus')).toBe(
        write(format, ABTestViewModel, abTest, ''),
      )
    },
  )
})

describe('?jsconfig= in XML', () => {
  const everything = 'eccn,edv,inv,teai,dh:utm,auo'

  it.each<{ def: DtoDef; value: object; file: string }>([
    { def: ABTestViewModel, value: abTest, file: 'ab-test.xml' },
    { def: CreateService, value: createService, file: 'create-service.xml' },
  ])('leaves the XML of $def.name unchanged', ({ def, value, file }) => {
    const golden = readFileSync(new URL(`../golden/${file}`, import.meta.url), 'utf8')
    expect(write('xml', def, value, everything)).toBe(golden)
  })

  it.each(['eccn', 'edv', 'inv', 'teai', 'dh:iso8601', 'tc:sc'])(
    'writes the same XML with %s as without',
    (jsconfig) => {
      expect(write('xml', ABTestViewModel, abTest, jsconfig)).toBe(
        write('xml', ABTestViewModel, abTest, ''),
      )
    },
  )
})
