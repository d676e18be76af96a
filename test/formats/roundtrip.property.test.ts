import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  ABTestViewModel,
  CommentResponse,
  CommentUpdateRequest,
  ContainerInfoMessage,
  ContainerInfoModel,
  CreateService,
  ErrorResponse,
  completeDto,
  type DtoDef,
} from '../../src/model/index.ts'
import { bindDto, type FieldIssue } from '../../src/wire/request/bind-dto.ts'
import { codecs } from '../../src/wire/formats/codecs.ts'
import { DecodeError } from '../../src/wire/request/decode-error.ts'
import { isLooseObject } from '../../src/wire/request/bind-dto.ts'
import { csvish, dtoValue, jsonish, jsvish, minDateMs, xmlTree, xmlish } from './arbitraries.ts'
import { fixedNow, readContext, writeContext } from '../support/index.ts'

// Property: what a codec writes, the same codec reads back, and the binder turns into the same
// DTO value. The generated values hold awkward strings and edge dates (see arbitraries.ts).

type BodyFormat = 'json' | 'jsv' | 'csv' | 'xml'
const bodyFormats: readonly BodyFormat[] = ['json', 'jsv', 'csv', 'xml']
const dtos: readonly DtoDef[] = [
  CommentResponse,
  ABTestViewModel,
  CreateService,
  ContainerInfoMessage,
]

const numRuns = 200

interface RoundTrip {
  readonly wire: string
  readonly issues: readonly FieldIssue[]
  readonly warnings: readonly string[]
  readonly back: string
  readonly expected: string
}

function roundTrip(format: BodyFormat, def: DtoDef, value: Record<string, unknown>): RoundTrip {
  const read = codecs[format].read
  if (!read) throw new Error(`no reader for ${format}`)
  const wire = codecs[format].write(def, value, writeContext())
  const context = readContext()
  const tree = read(wire, def, context)
  if (!isLooseObject(tree)) throw new Error(`Failed to read back an object from ${wire}`)
  const { value: bound, issues } = bindDto(def, tree, fixedNow)
  // Both sides are written with the JSON codec: it omits nulls, keeps '' and writes dates as
  // their milliseconds, so equal text means equal DTO values.
  const json = (v: object): string => codecs.json.write(def, v, writeContext())
  return {
    wire,
    issues,
    warnings: context.warnings.list,
    back: json(completeDto(def, bound, fixedNow)),
    expected: json(expectedAfter(format, def, value)),
  }
}

/**
 * The value as the format can carry it. The only normalisation: a top-level CSV cell cannot tell
 * an empty string from null (servicestack-wire.md 4.2 writes both as an empty cell; the reader
 * takes an empty cell as no value), so a top-level '' comes back as the field's default.
 * Nothing else is normalised, because nothing else is ambiguous on the wire:
 * - inside JSV (and so inside CSV cells of lists and objects) '' is `""` and null is omitted;
 * - JSV is whitespace-significant (ServiceStack.Text's JSV format: servicestack-wire.md), so spaces at either end are kept;
 * - XML keeps whitespace (the reader runs fast-xml-parser with `trimValues: false`), writes ''
 *   as an empty element and null as `i:nil`; but it writes every line break as CRLF, as
 *   XmlWriter's NewLineHandling.Replace does (issue 30, C4), and a reader takes CRLF as LF (XML
 *   1.0 section 2.11): a CR or CRLF comes back as LF, as it does from the real host;
 * - dates are whole milliseconds in every format, numbers survive `String(n)`.
 */
function expectedAfter(
  format: BodyFormat,
  def: DtoDef,
  value: Record<string, unknown>,
): Record<string, unknown> {
  if (format === 'xml') return xmlLineBreaks(value) as Record<string, unknown>
  if (format !== 'csv') return value
  const out = { ...value }
  for (const entry of def.entries) {
    if (out[entry.name] === '') out[entry.name] = entry.spec.nullable ? null : ''
  }
  return out
}

/** Text as an XML answer carries it: CRLF and a lone CR read back as LF, at any depth. */
function xmlLineBreaks(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(/\r\n?/g, '\n')
  if (Array.isArray(value)) return value.map(xmlLineBreaks)
  if (value === null || typeof value !== 'object' || value instanceof Date) return value
  return Object.fromEntries(Object.entries(value).map(([name, v]) => [name, xmlLineBreaks(v)]))
}

describe('write then read gives back the same DTO', () => {
  it.each(bodyFormats.flatMap((format) => dtos.map((def) => ({ format, def, name: def.name }))))(
    'round-trips every $name through $format',
    ({ format, def }) => {
      fc.assert(
        fc.property(dtoValue(def), (value) => {
          const result = roundTrip(format, def, value)
          expect(result.issues).toEqual([])
          expect(result.warnings).toEqual([])
          expect(result.back).toBe(result.expected)
        }),
        { numRuns },
      )
    },
  )

  // The smallest known failures of the properties above, one per cause, so each shows on its
  // own. They assert what the format can carry; a failure here is a bug in src/, not a test.
  it.each<{ behaviour: string; format: BodyFormat; value: Record<string, unknown> }>([
    {
      behaviour: 'a leading space (JSV is whitespace-significant)',
      format: 'jsv',
      value: { Name: ' Me', DateCreated: new Date(0) },
    },
    {
      behaviour: 'a trailing tab',
      format: 'jsv',
      value: { Name: 'Me\t', DateCreated: new Date(0) },
    },
    {
      behaviour: 'a string of one space',
      format: 'jsv',
      value: { Name: ' ', DateCreated: new Date(0) },
    },
    {
      behaviour: 'year 1 (DateTime.MinValue)',
      format: 'jsv',
      value: { DateCreated: new Date(minDateMs) },
    },
    {
      behaviour: 'year 1 (DateTime.MinValue)',
      format: 'csv',
      value: { DateCreated: new Date(minDateMs) },
    },
    {
      behaviour: 'year 1 (DateTime.MinValue)',
      format: 'xml',
      value: { DateCreated: new Date(minDateMs) },
    },
    {
      behaviour: 'year 99',
      format: 'xml',
      value: { DateCreated: new Date('0099-06-15T10:00:00Z') },
    },
    { behaviour: 'a CR', format: 'xml', value: { Name: 'a\rb', DateCreated: new Date(0) } },
    { behaviour: 'a CRLF', format: 'xml', value: { Name: 'a\r\nb', DateCreated: new Date(0) } },
  ])('round-trips a CommentResponse with $behaviour through $format', ({ format, value }) => {
    const result = roundTrip(format, CommentResponse, completeDto(CommentResponse, value, fixedNow))
    expect(result.back).toBe(result.expected)
  })

  it('round-trips a JSV-cell string with a leading space through CSV', () => {
    const value = completeDto(
      ContainerInfoMessage,
      { ContainersInfo: [completeDto(ContainerInfoModel, { ItemType: ' News' }, fixedNow)] },
      fixedNow,
    )
    const result = roundTrip('csv', ContainerInfoMessage, value)
    expect(result.back).toBe(result.expected)
  })

  it('treats an empty top-level CSV string as no value, as the wire format must', () => {
    // The normalisation above is real: the cell is empty either way.
    const withEmpty = codecs.csv.write(
      CommentResponse,
      completeDto(CommentResponse, { Name: '', DateCreated: new Date(0) }, fixedNow),
      writeContext(),
    )
    const withNull = codecs.csv.write(
      CommentResponse,
      completeDto(CommentResponse, { Name: null, DateCreated: new Date(0) }, fixedNow),
      writeContext(),
    )
    expect(withEmpty).toBe(withNull)
  })
})

const readDefs: readonly DtoDef[] = [...dtos, CommentUpdateRequest, ErrorResponse]

/** Runs a reader and answers what it threw, if anything. */
function thrownBy(format: BodyFormat, text: string, def: DtoDef): unknown {
  try {
    codecs[format].read?.(text, def, readContext())
    return undefined
  } catch (error) {
    return error
  }
}

/** What a reader's run came to: read, refused (with the status), or another exception. */
function outcomeOf(error: unknown): string {
  if (error === undefined) return 'read'
  return error instanceof DecodeError ? `refused ${error.status}` : `threw ${String(error)}`
}

describe('readers refuse bad input only with a DecodeError', () => {
  const grammar: Record<BodyFormat, fc.Arbitrary<string>> = {
    json: jsonish,
    jsv: jsvish,
    csv: csvish,
    xml: fc.oneof(xmlish, xmlTree),
  }

  it.each(bodyFormats)('never throws anything else from the %s reader', (format) => {
    // fast-check 4 dropped fullUnicodeString: `unit: 'binary'` is every code point.
    const input = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      grammar[format],
      grammar[format],
      fc.oneof(jsonish, jsvish, csvish, xmlish),
    )
    fc.assert(
      fc.property(input, fc.constantFrom(...readDefs), (text, def) => {
        expect(['read', 'refused 400']).toContain(outcomeOf(thrownBy(format, text, def)))
        expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
      }),
      { numRuns },
    )
  })

  it('reads some of the generated XML trees without an error', () => {
    // Guards the property above against a generator that only ever makes rejected input.
    const read = fc
      .sample(xmlTree, { numRuns: 100, seed: 1 })
      .filter((text) => thrownBy('xml', text, CommentUpdateRequest) === undefined)
    expect(read.length).toBeGreaterThan(10)
  })
})
