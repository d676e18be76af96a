import { readFileSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  ABTestViewModel,
  CommentResponse,
  ContainerInfoMessage,
  CreateService,
  ErrorResponse,
  type DtoDef,
} from '../../src/model/index.ts'
import { codecs } from '../../src/wire/formats/codecs.ts'
import type { Format } from '../../src/wire/formats/format.ts'
import { defaultWriteOptions } from '../../src/wire/formats/jsconfig.ts'
import {
  abTest,
  comment,
  commentForXml,
  containerInfo,
  createService,
  invalidKeyError,
  notFoundError,
} from './fixtures.ts'
import { writeContext } from '../support/index.ts'

// Wire bytes of whole responses, compared with the files in test/golden (architecture.md rule 9).
// Every golden was checked by hand against servicestack-wire.md sections 4 (CSV), 5 (JSV),
// 6 (JSON), 7 (XML) and 8 (errors). JSON and HTML goldens end in `.golden` so that
// `prettier --write .` leaves their bytes alone. `UPDATE_GOLDEN=1` writes them anew after a
// deliberate change (as test/native-types/golden.test.ts): read every changed byte in the diff.

function golden(name: string): string {
  return readFileSync(new URL(`./golden/${name}`, import.meta.url), 'utf8')
}

interface GoldenCase {
  readonly file: string
  readonly format: Format
  readonly def: DtoDef
  readonly value: object
}

const cases: readonly GoldenCase[] = [
  { file: 'comment-response.json.golden', format: 'json', def: CommentResponse, value: comment },
  { file: 'comment-response.jsv', format: 'jsv', def: CommentResponse, value: comment },
  { file: 'comment-response.csv', format: 'csv', def: CommentResponse, value: comment },
  { file: 'comment-response.xml', format: 'xml', def: CommentResponse, value: commentForXml },
  { file: 'comment-response.html.golden', format: 'html', def: CommentResponse, value: comment },
  { file: 'ab-test.json.golden', format: 'json', def: ABTestViewModel, value: abTest },
  { file: 'ab-test.jsv', format: 'jsv', def: ABTestViewModel, value: abTest },
  { file: 'ab-test.csv', format: 'csv', def: ABTestViewModel, value: abTest },
  { file: 'ab-test.xml', format: 'xml', def: ABTestViewModel, value: abTest },
  { file: 'container-info.jsv', format: 'jsv', def: ContainerInfoMessage, value: containerInfo },
  { file: 'container-info.csv', format: 'csv', def: ContainerInfoMessage, value: containerInfo },
  { file: 'container-info.xml', format: 'xml', def: ContainerInfoMessage, value: containerInfo },
  { file: 'create-service.xml', format: 'xml', def: CreateService, value: createService },
  {
    file: 'error-invalid-key.json.golden',
    format: 'json',
    def: ErrorResponse,
    value: invalidKeyError,
  },
  { file: 'error-invalid-key.jsv', format: 'jsv', def: ErrorResponse, value: invalidKeyError },
  { file: 'error-invalid-key.csv', format: 'csv', def: ErrorResponse, value: invalidKeyError },
  { file: 'error-invalid-key.xml', format: 'xml', def: ErrorResponse, value: invalidKeyError },
  { file: 'error-not-found.csv', format: 'csv', def: ErrorResponse, value: notFoundError },
]

describe('golden wire bytes', () => {
  it.each(cases)('writes $def.name as $format exactly as $file', ({ file, format, def, value }) => {
    const written = codecs[format].write(def, value, writeContext(defaultWriteOptions))
    if (process.env.UPDATE_GOLDEN === '1')
      writeFileSync(new URL(`./golden/${file}`, import.meta.url), written)
    expect(written).toBe(golden(file))
  })
})

describe('the goldens hold the reference examples', () => {
  // The goldens must not drift from servicestack-wire.md, whatever the code writes.
  it.each<{ file: string; section: string; bytes: string }>([
    {
      file: 'error-invalid-key.json.golden',
      section: '8.1',
      bytes:
        '{"ResponseStatus":{"ErrorCode":"ArgumentException","Message":"Invalid Key.","Errors":[]}}',
    },
    {
      file: 'error-invalid-key.csv',
      section: '8.4',
      bytes: 'ResponseStatus\r\n"{ErrorCode:ArgumentException,Message:Invalid Key.,Errors:[]}"\r\n',
    },
    {
      file: 'error-invalid-key.xml',
      section: '8.4',
      bytes:
        '<?xml version="1.0" encoding="utf-8"?><ErrorResponse xmlns:i="http://www.w3.org/2001/XMLSchema-instance" xmlns="http://schemas.servicestack.net/types"><ResponseStatus><ErrorCode>ArgumentException</ErrorCode><Message>Invalid Key.</Message><StackTrace i:nil="true" /><Errors /><Meta i:nil="true" /></ResponseStatus></ErrorResponse>',
    },
    {
      file: 'error-not-found.csv',
      section: '8.4 (a message with `:` becomes Message:""…"")',
      bytes:
        'ResponseStatus\r\n"{ErrorCode:ItemNotFoundException,Message:""Comment not found: abc"",Errors:[]}"\r\n',
    },
  ])('keeps section $section in $file', ({ file, bytes }) => {
    expect(golden(file)).toBe(bytes)
  })

  it.each<{ file: string; rule: string; fragment: string }>([
    { file: 'comment-response.jsv', rule: '5.1 comma quoting', fragment: 'Name:"Me, Junior"' },
    {
      file: 'comment-response.jsv',
      rule: '5.1 doubled quotes',
      fragment: 'Message:"Size 2"" x 1"""',
    },
    { file: 'comment-response.jsv', rule: '5.1 empty string', fragment: ',CustomData:"",' },
    {
      file: 'comment-response.jsv',
      rule: '5.2 unquoted UTC date',
      fragment: 'DateCreated:2018-01-01T12:00:00Z,',
    },
    { file: 'ab-test.jsv', rule: '5.2 midnight date', fragment: 'StartDate:2024-03-01,' },
    {
      file: 'ab-test.jsv',
      rule: '5.2 trimmed fractions',
      fragment: 'LastModified:2024-03-15T09:30:00.25Z,',
    },
    { file: 'ab-test.jsv', rule: '5.2 True/False', fragment: 'IsOriginal:True,' },
    {
      file: 'comment-response.csv',
      rule: '4.2 CSV quoting of a comma',
      fragment: ',"Me, Junior",',
    },
    { file: 'comment-response.csv', rule: '4.2 doubled quotes', fragment: ',"Size 2"" x 1""",' },
    {
      file: 'comment-response.csv',
      rule: '4.2 a cell starting with [',
      fragment: ',"[news] 2018",',
    },
    {
      file: 'comment-response.csv',
      rule: '4.2 nulls as empty cells',
      fragment: 'identicon,,Published',
    },
    { file: 'ab-test.csv', rule: '4.2 midnight date', fragment: ',2024-03-01,' },
    { file: 'ab-test.csv', rule: '4.2 JSV list cell', fragment: ',"[{Id:a1,Name:Original,' },
    {
      file: 'ab-test.csv',
      rule: '4.2 quotes of JSV doubled in the cell',
      fragment: 'Name:""Variant: B""',
    },
    {
      file: 'comment-response.json.golden',
      rule: '6.2 escaped WCF date',
      fragment: '"DateCreated":"\\/Date(1514808000000)\\/"',
    },
    {
      file: 'comment-response.xml',
      rule: '7.1 contract namespace',
      fragment: 'xmlns="http://schemas.datacontract.org/2004/07/Cms.Services.Comments.DTO"',
    },
    {
      file: 'comment-response.xml',
      rule: '7.1 nil with a space before />',
      fragment: '<CustomData i:nil="true" />',
    },
    { file: 'create-service.xml', rule: '7.2 empty list', fragment: '<Children />' },
    {
      file: 'ab-test.xml',
      rule: '7.2 list items named after their type',
      fragment: '<Variations><VariationViewModel><Distribution>50</Distribution>',
    },
  ])('shows rule $rule in $file', ({ file, fragment }) => {
    expect(golden(file)).toContain(fragment)
  })

  it.each(cases.filter((c) => c.format === 'csv').map((c) => c.file))(
    'ends every row of %s with CRLF and has no BOM',
    (file) => {
      const bytes = golden(file)
      expect(bytes.charCodeAt(0)).not.toBe(0xfeff)
      expect(bytes.endsWith('\r\n')).toBe(true)
      expect(bytes.replaceAll('\r\n', '')).not.toMatch(/\n/)
      // One header row and one data row: two CRLF outside quoted cells.
      expect(bytes.replace(/"(?:[^"]|"")*"/g, '').split('\r\n')).toHaveLength(3)
    },
  )

  /** The names of the root's own members in an XML golden, in the order they stand. */
  function topLevelNames(file: string, def: DtoDef): string[] {
    // Top-level members only: cut nested elements down to their tag names.
    const body = golden(file)
    const root = new RegExp(`^<\\?xml[^>]*\\?><${def.name} [^>]*>(.*)</${def.name}>$`).exec(body)
    expect(root).not.toBeNull()
    const names: string[] = []
    let depth = 0
    for (const match of (root?.[1] ?? '').matchAll(/<(\/?)([A-Za-z]+)[^>]*?(\/?)>/g)) {
      if (match[1]) depth--
      else {
        if (depth === 0) names.push(match[2] ?? '')
        if (!match[3]) depth++
      }
    }
    return names
  }

  const xmlCases = cases.filter((c) => c.format === 'xml')

  it.each(xmlCases.filter((c) => !c.def.dataContract))(
    'writes the members of $def.name in alphabetical order in $file',
    ({ file, def }) => {
      const names = topLevelNames(file, def)
      expect(names).toEqual(def.xmlOrder.map((entry) => entry.name))
      expect(names).toEqual([...names].sort())
    },
  )

  it.each(xmlCases.filter((c) => c.def.dataContract))(
    'writes the members of $def.name in its data contract’s order in $file',
    ({ file, def }) => {
      expect(topLevelNames(file, def)).toEqual(def.xmlOrder.map((entry) => entry.name))
    },
  )
})
