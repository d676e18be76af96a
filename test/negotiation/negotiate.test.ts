import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formats, type Format } from '../../src/wire/formats/format.ts'
import { negotiate, type Negotiated, type NegotiationInput } from '../../src/wire/formats/format.ts'

// Rules: servicestack-wire.md sections 1.1, 1.2, 1.4, 1.5, 1.6 and the worked examples of 1.8;
// decisions.md section 2.

interface RequestShape {
  accept?: string | null
  contentType?: string | null
  query?: string
  extension?: Format | null
  firstSegment?: string | null
  defaultFormat?: Format
}

/** A negotiation input as the dispatcher builds it for a user route such as `/comments-api/comments`. */
function request(shape: RequestShape = {}): NegotiationInput {
  return {
    accept: shape.accept ?? null,
    contentType: shape.contentType ?? null,
    query: new URLSearchParams(shape.query ?? ''),
    extension: shape.extension ?? null,
    firstSegment: shape.firstSegment === undefined ? 'comments-api' : shape.firstSegment,
    defaultFormat: shape.defaultFormat ?? 'html',
  }
}

const json: Negotiated = {
  format: 'json',
  contentType: 'application/json; charset=utf-8',
  callback: null,
}
const csv: Negotiated = { format: 'csv', contentType: 'text/csv', callback: null }
const xml: Negotiated = { format: 'xml', contentType: 'application/xml', callback: null }
const jsv: Negotiated = { format: 'jsv', contentType: 'application/jsv', callback: null }
const html: Negotiated = { format: 'html', contentType: 'text/html', callback: null }

const browserAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'

interface Row {
  behaviour: string
  shape: RequestShape
  expected: Negotiated
}

describe('negotiate', () => {
  describe('route extension (highest precedence)', () => {
    it.each<Row>([
      {
        behaviour:
          'the .csv extension beats ?format=json (worked example /comments.csv?format=json)',
        shape: { extension: 'csv', query: 'format=json' },
        expected: csv,
      },
      {
        behaviour: 'the .json extension beats Accept: text/csv',
        shape: { extension: 'json', accept: 'text/csv' },
        expected: json,
      },
      {
        behaviour: 'the .xml extension beats a pre-defined first segment',
        shape: { extension: 'xml', firstSegment: 'json' },
        expected: xml,
      },
      {
        behaviour: 'the .jsv extension beats Accept: */* with a JSON Content-Type',
        shape: { extension: 'jsv', accept: '*/*', contentType: 'application/json' },
        expected: jsv,
      },
      {
        behaviour: 'the .html extension beats Accept: application/json',
        shape: { extension: 'html', accept: 'application/json' },
        expected: html,
      },
    ])('answers $expected.format when $behaviour', ({ shape, expected }) => {
      expect(negotiate(request(shape))).toEqual(expected)
    })

    it.each<{ extension: Format }>([{ extension: 'csv' }, { extension: 'xml' }])(
      'keeps the $extension extension format over ?callback=',
      ({ extension }) => {
        expect(negotiate(request({ extension, query: 'callback=f' })).format).toBe(extension)
      },
    )
  })

  describe('?callback= (JSONP)', () => {
    const jsonp: Negotiated = { format: 'json', contentType: 'text/javascript', callback: 'f' }
    it.each<Row>([
      {
        behaviour: 'a callback is given alone',
        shape: { query: 'callback=f' },
        expected: jsonp,
      },
      {
        behaviour: 'a callback comes with ?format=csv (worked example)',
        shape: { query: 'callback=f&format=csv' },
        expected: jsonp,
      },
      {
        behaviour: 'a callback comes with Accept: text/csv',
        shape: { query: 'callback=f', accept: 'text/csv' },
        expected: jsonp,
      },
      {
        behaviour: 'a callback comes with a pre-defined /xml/ segment',
        shape: { query: 'callback=f', firstSegment: 'xml' },
        expected: jsonp,
      },
    ])('answers JSON as text/javascript when $behaviour', ({ shape, expected }) => {
      expect(negotiate(request(shape))).toEqual(expected)
    })

    it('ignores an empty ?callback=', () => {
      expect(negotiate(request({ query: 'callback=', accept: 'text/csv' }))).toEqual(csv)
    })
  })

  describe('?format=', () => {
    it.each<Row>([
      {
        behaviour: '?format=csv beats Accept: application/json (worked example)',
        shape: { query: 'format=csv', accept: 'application/json' },
        expected: csv,
      },
      {
        behaviour: '?format=CSV is read case-insensitively (worked example)',
        shape: { query: 'format=CSV' },
        expected: csv,
      },
      {
        behaviour: '?format=Xml is read case-insensitively',
        shape: { query: 'format=Xml', accept: 'application/json' },
        expected: xml,
      },
      { behaviour: '?format=json is given', shape: { query: 'format=json' }, expected: json },
      { behaviour: '?format=jsv is given', shape: { query: 'format=jsv' }, expected: jsv },
      {
        behaviour: '?format=html is given',
        shape: { query: 'format=html', accept: 'application/json' },
        expected: html,
      },
      {
        behaviour: '?format=json.pretty drops everything after the first dot',
        shape: { query: 'format=json.pretty' },
        expected: json,
      },
      {
        behaviour: '?format=csv.anything drops everything after the first dot',
        shape: { query: 'format=csv.anything' },
        expected: csv,
      },
      {
        behaviour: '?format=jsonreport maps to JSON (the v5 substring quirk)',
        shape: { query: 'format=jsonreport' },
        expected: json,
      },
      {
        behaviour: '?format=JSONReport maps to JSON whatever its case',
        shape: { query: 'format=JSONReport', accept: 'text/csv' },
        expected: json,
      },
      {
        behaviour: '?format=soapxml maps to XML (substring quirk)',
        shape: { query: 'format=soapxml' },
        expected: xml,
      },
      {
        behaviour: '?format=bogus is ignored and Accept: text/csv decides (worked example)',
        shape: { query: 'format=bogus', accept: 'text/csv' },
        expected: csv,
      },
      {
        behaviour: '?format=bogus is ignored and, without Accept, the default decides',
        shape: { query: 'format=bogus' },
        expected: html,
      },
      {
        behaviour: '?format=xml beats a pre-defined /json/ segment',
        shape: { query: 'format=xml', firstSegment: 'json' },
        expected: xml,
      },
      {
        behaviour: 'an unknown ?format= still disables the pre-defined segment check',
        shape: { query: 'format=bogus', firstSegment: 'csv', accept: 'application/xml' },
        expected: xml,
      },
    ])('answers $expected.format when $behaviour', ({ shape, expected }) => {
      expect(negotiate(request(shape))).toEqual(expected)
    })
  })

  describe('pre-defined route segment', () => {
    it.each<Row>([
      {
        behaviour: 'the first segment is /json/ and Accept asks for CSV',
        shape: { firstSegment: 'json', accept: 'text/csv' },
        expected: json,
      },
      {
        behaviour: 'the first segment is /csv/ and Accept asks for JSON',
        shape: { firstSegment: 'csv', accept: 'application/json' },
        expected: csv,
      },
      {
        behaviour: 'the first segment is the four-letter /html/',
        shape: { firstSegment: 'html', accept: 'application/json' },
        expected: html,
      },
      {
        behaviour: 'the first segment is /XML/ in capitals (lower-cased)',
        shape: { firstSegment: 'XML', accept: 'application/json' },
        expected: xml,
      },
      {
        behaviour: 'the first segment is /jsv/',
        shape: { firstSegment: 'jsv' },
        expected: jsv,
      },
      {
        behaviour: 'a user route segment (comments-api) is not a format, so Accept decides',
        shape: { firstSegment: 'comments-api', accept: 'text/csv' },
        expected: csv,
      },
      {
        behaviour: 'a three-letter segment that is no format is ignored',
        shape: { firstSegment: 'abc', accept: 'application/xml' },
        expected: xml,
      },
      {
        behaviour: 'there is no first segment',
        shape: { firstSegment: null, accept: 'application/xml' },
        expected: xml,
      },
    ])('answers $expected.format when $behaviour', ({ shape, expected }) => {
      expect(negotiate(request(shape))).toEqual(expected)
    })
  })

  describe('Accept header', () => {
    it.each<Row>([
      {
        behaviour: 'Accept is application/json',
        shape: { accept: 'application/json' },
        expected: json,
      },
      {
        behaviour: 'Accept is application/xml',
        shape: { accept: 'application/xml' },
        expected: xml,
      },
      {
        behaviour: 'Accept is application/jsv',
        shape: { accept: 'application/jsv' },
        expected: jsv,
      },
      { behaviour: 'Accept is text/html', shape: { accept: 'text/html' }, expected: html },
      {
        behaviour: 'Accept is text/csv (worked example)',
        shape: { accept: 'text/csv' },
        expected: csv,
      },
      {
        behaviour: 'Accept and Content-Type are both text/csv (worked example)',
        shape: { accept: 'text/csv', contentType: 'text/csv' },
        expected: csv,
      },
      {
        behaviour: 'Accept is text/csv, application/json: JSON is preferred (worked example)',
        shape: { accept: 'text/csv, application/json' },
        expected: json,
      },
      {
        behaviour:
          'the q-values favour XML but the preferred list puts JSON first (worked example)',
        shape: { accept: 'application/xml;q=0.1, application/json;q=0.2' },
        expected: json,
      },
      {
        behaviour: 'Accept lists JSON with q=0 and XML with q=1 (q ignored)',
        shape: { accept: 'application/xml;q=1, application/json;q=0' },
        expected: json,
      },
      {
        behaviour: 'Accept lists JSV before XML: the preferred-list order wins over Accept order',
        shape: { accept: 'application/jsv, application/xml' },
        expected: xml,
      },
      {
        behaviour: 'Accept lists JSON before HTML: HTML is first in the preferred list',
        shape: { accept: 'application/json, text/html' },
        expected: html,
      },
      {
        behaviour: 'Accept is in capitals (items are lower-cased)',
        shape: { accept: 'APPLICATION/XML' },
        expected: xml,
      },
      {
        behaviour: 'Accept is application/jsonl (preferred types match by prefix)',
        shape: { accept: 'application/jsonl' },
        expected: json,
      },
      {
        behaviour: 'Accept is TEXT/CSV (the registered-formats loop ignores case)',
        shape: { accept: 'TEXT/CSV' },
        expected: csv,
      },
      {
        behaviour: 'Accept is text/csv;q=0.5 (raw item matched by prefix)',
        shape: { accept: 'text/csv;q=0.5' },
        expected: csv,
      },
      {
        behaviour: 'Accept is image/png, text/csv: the registered-formats loop finds CSV',
        shape: { accept: 'image/png, text/csv' },
        expected: csv,
      },
    ])('answers $expected.format when $behaviour', ({ shape, expected }) => {
      expect(negotiate(request(shape))).toEqual(expected)
    })
  })

  describe('tie-break on the request Content-Type', () => {
    it.each<Row>([
      {
        behaviour:
          'Accept is application/json, application/xml and Content-Type is application/xml',
        shape: { accept: 'application/json, application/xml', contentType: 'application/xml' },
        expected: xml,
      },
      {
        behaviour: 'Accept is application/jsv, application/xml and Content-Type is application/jsv',
        shape: { accept: 'application/jsv, application/xml', contentType: 'application/jsv' },
        expected: jsv,
      },
      {
        behaviour: 'Accept is text/html, application/json and Content-Type is application/json',
        shape: { accept: 'text/html, application/json', contentType: 'application/json' },
        expected: json,
      },
      {
        behaviour:
          'the Content-Type carries parameters, so it is no exact match and the list decides',
        shape: {
          accept: 'application/jsv, application/xml',
          contentType: 'application/jsv; charset=utf-8',
        },
        expected: xml,
      },
    ])('answers $expected.format when $behaviour', ({ shape, expected }) => {
      expect(negotiate(request(shape))).toEqual(expected)
    })
  })

  describe('Accept: */* and the request Content-Type', () => {
    it.each<Row>([
      {
        behaviour: 'Accept is */* and Content-Type is text/csv (worked example)',
        shape: { accept: '*/*', contentType: 'text/csv' },
        expected: csv,
      },
      {
        behaviour: 'Accept is */* and Content-Type is application/json (worked example)',
        shape: { accept: '*/*', contentType: 'application/json' },
        expected: json,
      },
      {
        behaviour: 'Accept is */* and Content-Type is application/xml',
        shape: { accept: '*/*', contentType: 'application/xml' },
        expected: xml,
      },
      {
        behaviour: 'Accept is */*;q=0.8 and Content-Type is application/jsv',
        shape: { accept: '*/*;q=0.8', contentType: 'application/jsv' },
        expected: jsv,
      },
      {
        behaviour: 'Accept is */* with no Content-Type',
        shape: { accept: '*/*' },
        expected: html,
      },
      {
        behaviour: 'Accept is */* and the Content-Type is a form (replaced by the default)',
        shape: { accept: '*/*', contentType: 'application/x-www-form-urlencoded' },
        expected: html,
      },
      {
        behaviour: 'Accept is */* and the Content-Type is multipart (replaced by the default)',
        shape: { accept: '*/*', contentType: 'multipart/form-data; boundary=x' },
        expected: html,
      },
      {
        behaviour: 'Accept is */* with a form Content-Type and the default is JSON',
        shape: {
          accept: '*/*',
          contentType: 'application/x-www-form-urlencoded',
          defaultFormat: 'json',
        },
        expected: json,
      },
      {
        behaviour: 'Accept has text/csv and */*: */* is checked before the registered-formats loop',
        shape: { accept: 'text/csv, */*' },
        expected: html,
      },
      {
        behaviour: 'Accept has text/csv and */* and Content-Type is application/xml',
        shape: { accept: 'text/csv, */*', contentType: 'application/xml' },
        expected: xml,
      },
    ])('answers $expected.format when $behaviour', ({ shape, expected }) => {
      expect(negotiate(request(shape))).toEqual(expected)
    })

    it('echoes a raw Content-Type with parameters when Accept is */* (worked example)', () => {
      expect(
        negotiate(request({ accept: '*/*', contentType: 'application/json; charset=utf-8' })),
      ).toEqual({ format: 'json', contentType: 'application/json; charset=utf-8', callback: null })
    })

    it('echoes text/csv; charset=utf-8 verbatim when Accept is */*', () => {
      expect(negotiate(request({ accept: '*/*', contentType: 'text/csv; charset=utf-8' }))).toEqual(
        { format: 'csv', contentType: 'text/csv; charset=utf-8', callback: null },
      )
    })
  })

  describe('default content type (never a 406)', () => {
    it.each<Row>([
      {
        behaviour: 'there is no Accept and Content-Type is application/json (worked example)',
        shape: { contentType: 'application/json' },
        expected: html,
      },
      {
        behaviour: 'there is no Accept and Content-Type is text/csv',
        shape: { contentType: 'text/csv' },
        expected: html,
      },
      { behaviour: 'there is no Accept at all', shape: {}, expected: html },
      {
        behaviour: 'Accept is image/png (worked example; no 406)',
        shape: { accept: 'image/png' },
        expected: html,
      },
      {
        behaviour: 'Accept is text/* (only */* is a wildcard)',
        shape: { accept: 'text/*' },
        expected: html,
      },
      {
        behaviour: 'Accept is application/* (only */* is a wildcard)',
        shape: { accept: 'application/*' },
        expected: html,
      },
      {
        behaviour: 'Accept is text/json (aliases are not applied to Accept)',
        shape: { accept: 'text/json' },
        expected: html,
      },
      {
        behaviour: 'Accept is text/xml (aliases are not applied to Accept)',
        shape: { accept: 'text/xml' },
        expected: html,
      },
      {
        behaviour: 'Accept is text/jsv (aliases are not applied to Accept)',
        shape: { accept: 'text/jsv' },
        expected: html,
      },
      {
        behaviour: 'the default is JSON and there is no Accept',
        shape: { defaultFormat: 'json' },
        expected: json,
      },
      {
        behaviour: 'the default is JSON and Accept is image/png',
        shape: { defaultFormat: 'json', accept: 'image/png' },
        expected: json,
      },
      {
        behaviour: 'the default is CSV and Accept is */* with no Content-Type',
        shape: { defaultFormat: 'csv', accept: '*/*' },
        expected: csv,
      },
    ])('answers $expected.format when $behaviour', ({ shape, expected }) => {
      expect(negotiate(request(shape))).toEqual(expected)
    })
  })

  describe('the default format leads the preferred list', () => {
    it.each<Row>([
      {
        behaviour: 'a browser asks and the default is HTML',
        shape: { accept: browserAccept },
        expected: html,
      },
      {
        // json is first in the list but absent from the Accept; html is the first marked type.
        behaviour: 'a browser asks and the default is JSON',
        shape: { accept: browserAccept, defaultFormat: 'json' },
        expected: html,
      },
      {
        behaviour: 'a browser without text/html asks (application/xml beats */*)',
        shape: { accept: 'application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
        expected: xml,
      },
      {
        behaviour: 'Accept is application/json, text/html and the default is HTML',
        shape: { accept: 'application/json, text/html', defaultFormat: 'html' },
        expected: html,
      },
      {
        behaviour: 'Accept is application/json, text/html and the default is JSON',
        shape: { accept: 'application/json, text/html', defaultFormat: 'json' },
        expected: json,
      },
      {
        behaviour: 'Accept is application/jsv, application/xml and the default is JSV',
        shape: { accept: 'application/xml, application/jsv', defaultFormat: 'jsv' },
        expected: jsv,
      },
    ])('answers $expected.format when $behaviour', ({ shape, expected }) => {
      expect(negotiate(request(shape))).toEqual(expected)
    })
  })

  describe('Content-Type strings (servicestack-wire.md section 2.1)', () => {
    it.each<{ format: Format; contentType: string }>([
      { format: 'json', contentType: 'application/json; charset=utf-8' },
      { format: 'csv', contentType: 'text/csv' },
      { format: 'xml', contentType: 'application/xml' },
      { format: 'jsv', contentType: 'application/jsv' },
      { format: 'html', contentType: 'text/html' },
    ])('writes $format as $contentType', ({ format, contentType }) => {
      expect(negotiate(request({ query: `format=${format}` }))).toEqual({
        format,
        contentType,
        callback: null,
      })
      expect(negotiate(request({ extension: format })).contentType).toBe(contentType)
    })
  })
})

describe('the negotiation memo', () => {
  const accepts = [null, 'application/json', 'text/csv', browserAccept, '*/*', 'text/plain', '']
  const contentTypes = [null, 'application/json', 'text/csv; charset=utf-8', 'text/xml']
  const defaults: Format[] = ['html', 'json', 'csv']
  const shapes: RequestShape[] = accepts.flatMap((accept) =>
    contentTypes.flatMap((contentType) =>
      defaults.flatMap((defaultFormat) => [
        { accept, contentType, defaultFormat },
        { accept, contentType, defaultFormat, query: 'format=xml' },
        { accept, contentType, defaultFormat, extension: 'jsv' as const },
        { accept, contentType, defaultFormat, firstSegment: 'csv' },
      ]),
    ),
  )

  it('answers every input as the negotiation without it, first and second time', () => {
    const memo = new Map()
    for (const round of [1, 2]) {
      for (const shape of shapes) {
        expect(negotiate(request(shape), memo), `${round}: ${JSON.stringify(shape)}`).toEqual(
          negotiate(request(shape)),
        )
      }
    }
    expect(memo.size).toBeGreaterThan(0)
  })

  it('stays bounded however many distinct headers arrive', () => {
    const memo = new Map()
    for (let i = 0; i < 1000; i++) negotiate(request({ accept: `application/x-${i}` }), memo)
    expect(memo.size).toBeLessThanOrEqual(256)
    expect(negotiate(request({ accept: 'text/csv' }), memo)).toEqual(csv)
  })
})

describe('negotiate with a memo (as the dispatcher calls it)', () => {
  const headerValue = (values: readonly string[]): fc.Arbitrary<string | null> =>
    fc.option(fc.constantFrom(...values), { nil: null })
  const shape: fc.Arbitrary<RequestShape> = fc.record({
    accept: headerValue(['*/*', 'text/csv', 'application/json', browserAccept, 'text/plain', '']),
    contentType: headerValue([
      'application/json',
      'text/csv',
      'application/xml; charset=utf-8',
      'application/x-www-form-urlencoded',
    ]),
    defaultFormat: fc.constantFrom(...formats),
  })

  it('answers every sequence of requests as it answers each one alone', () => {
    fc.assert(
      fc.property(fc.array(shape, { minLength: 1, maxLength: 12 }), (shapes) => {
        const memo = new Map()
        for (const item of shapes) {
          expect(negotiate(request(item), memo)).toEqual(negotiate(request(item)))
        }
      }),
      { numRuns: 300 },
    )
  })
})
