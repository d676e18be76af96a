import { describe, expect, it } from 'vitest'
import { createStore } from '../../src/index.ts'
import { buildApp, commentKey, type TestApp } from '../support/index.ts'

// ServiceStack.Text's own test vectors (tests/ServiceStack.Text.Tests/ at v5.10, 1e1e0ad9c661),
// mapped onto the DTO fields of the same type and sent over HTTP (issue 39, point 2):
// - strings: CommentUpdateRequest.Message (and Name);
// - decimal?: CommentUpdateRequest.Rating;
// - DateTime?: ABTestViewModel.StartDate;
// - Guid?: ABTestViewModel.WinnerVariationId;
// - bool: CreateService.Enabled;
// - int? and lists of objects: a page control's Fields (answered as sent, SF
//   InlineEditingService.cs l.245), FieldModel.MinLength and Name.
// Each row's `source` is the file and the case. Expected values are the test's, as the
// Sitefinity host writes them: a UTC host with AlwaysUseUtc, GUIDs dashed; a case that
// throws there is a value dropped here (ThrowOnError=false: the field is left unset, and
// the mock says so in X-Mock-Warning).

type Format = 'json' | 'jsv' | 'csv'
const dropped = Symbol('dropped')

interface Vector {
  readonly source: string
  readonly field: 'Message' | 'Name' | 'Rating' | 'StartDate' | 'WinnerVariationId' | 'Enabled'
  /** The body's format and the field's value as it stands in that body (raw text). */
  readonly in: Format
  readonly value: string
  readonly out: Format
  /** The value as it stands in the answer (raw text), or dropped. */
  readonly expected: string | typeof dropped
}

const SP = 'Support/StringSegmentParse.cs'
const DTS = 'Utils/DateTimeSerializerTests.cs'
const JDT = 'JsonTests/JsonDateTimeTests.cs'
const ESC = 'JsonTests/EscapedCharsTests.cs'

/** Vectors of one field, in JSON, quoted: the same expected value out in JSON. */
function jsonStrings(
  source: string,
  field: Vector['field'],
  rows: readonly (readonly [string, string | typeof dropped])[],
): Vector[] {
  return rows.map(([value, expected]) => ({
    source,
    field,
    in: 'json',
    value: JSON.stringify(value),
    out: 'json',
    expected,
  }))
}

const wcf = (ms: number): string => `"\\/Date(${ms})\\/"`

const decimals: Vector[] = [
  // SP Can_parse_decimal, l.131–164 (the JSON body quotes it; unquoted below).
  ...jsonStrings(`${SP} Can_parse_decimal`, 'Rating', [
    ['1234.5678', '1234.5678'],
    ['1234', '1234'],
    ['.', dropped],
    ['0', '0'],
    ['-0', '0'],
    ['0.', '0'],
    ['-0.', '0'],
    ['.1', '0.1'],
    ['-.1', '-0.1'],
    ['10.001', '10.001'],
    ['  10.001', '10.001'],
    ['10.001  ', '10.001'],
    [' 10.001  ', '10.001'],
    ['-10.001', '-10.001'],
    ['12345678901234567890', '12345678901234567890'],
    ['12345678901234567890.12', '12345678901234567890.12'],
    ['79228162514264337593543950335', '79228162514264337593543950335'],
    ['-79228162514264337593543950335', '-79228162514264337593543950335'],
    ['7.67e-6', '0.00000767'],
    ['10.001E3', '10001'],
    ['.001e5', '100'],
    ['10.001E-2', '0.10001'],
    ['10.001e-8', '0.00000010001'],
    ['2.e2', '200'],
    ['.e2', dropped],
    ['9.e+000027', '9000000000000000000000000000'],
    ['1,234.5678', '1234.5678'],
    [',1234.5678', dropped],
  ]),
  // JsonTests/JsonDecimalTests.cs Does_parse_float_exp_notation_into_decimal: unquoted.
  {
    source: 'JsonTests/JsonDecimalTests.cs Does_parse_float_exp_notation_into_decimal',
    field: 'Rating',
    in: 'json',
    value: '7.67e-6',
    out: 'json',
    expected: '0.00000767',
  },
  // The same parser behind JSV and CSV (DeserializeBuiltin.cs l.108–109), both directions.
  ...(['jsv', 'csv'] as const).flatMap((format): Vector[] => [
    {
      source: `${SP} Can_parse_decimal (${format})`,
      field: 'Rating',
      in: format,
      value: '10.001E3',
      out: format,
      expected: '10001',
    },
    {
      source: `${SP} Can_parse_decimal (${format})`,
      field: 'Rating',
      in: format,
      value: '.001e5',
      out: format,
      expected: '100',
    },
  ]),
  // JsvTests/JsvBasicDataTests.cs: decimals out as JSV, and in from JSV text.
  ...(
    [
      ['3.3', '3.3'],
      ['33333333.333', '33333333.333'],
      ['"3333.3"', '3333.3'],
      ['"3,333.3"', '3333.3'],
    ] as const
  ).map(([value, expected]): Vector => ({
    source: 'JsvTests/JsvBasicDataTests.cs Can_serialize/deserialize_decimal',
    field: 'Rating',
    in: 'jsv',
    value,
    out: 'jsv',
    expected,
  })),
]

const dates: Vector[] = [
  // DTS ParseShortestXsdDateTime_works (l.103–111): no leading zeros, DateTime.Parse's fallback.
  ...jsonStrings(`${DTS} ParseShortestXsdDateTime_works`, 'StartDate', [
    ['2011-8-4', wcf(Date.UTC(2011, 7, 4))],
    ['2011-8-05', wcf(Date.UTC(2011, 7, 5))],
    ['2011-09-4', wcf(Date.UTC(2011, 8, 4))],
  ]),
  // DTS CanParseProblematicXsdStrings (l.168–183): Kind Local, the instant kept.
  ...jsonStrings(`${DTS} CanParseProblematicXsdStrings`, 'StartDate', [
    ['2013-10-10 20:04:04.8773249Z', wcf(Date.UTC(2013, 9, 10, 20, 4, 4, 877))],
    ['2013-10-10 20:04:04Z', wcf(Date.UTC(2013, 9, 10, 20, 4, 4))],
  ]),
  // DTS CanParseLongAndShortXsdStrings (l.186–197): the same ticks.
  ...jsonStrings(`${DTS} CanParseLongAndShortXsdStrings`, 'StartDate', [
    ['2013-10-10T13:40:50Z', wcf(Date.UTC(2013, 9, 10, 13, 40, 50))],
    ['2013-10-10T13:40:50.0000000Z', wcf(Date.UTC(2013, 9, 10, 13, 40, 50))],
  ]),
  // DTS Does_parse_as_UTC (l.481–494) and TestSqlServerDateTime (l.121–125).
  ...jsonStrings(`${DTS} Does_parse_as_UTC`, 'StartDate', [
    ['2014-08-27 14:30:23', wcf(Date.UTC(2014, 7, 27, 14, 30, 23))],
  ]),
  ...jsonStrings(`${DTS} TestSqlServerDateTime`, 'StartDate', [
    ['2010-06-01 21:52:59.280', wcf(Date.UTC(2010, 5, 1, 21, 52, 59, 280))],
  ]),
  // DTS ToShortestXsdDateTimeString_works (l.56–75): written back as JSV.
  ...(
    [
      [Date.UTC(1979, 4, 9), '1979-05-09'],
      [Date.UTC(1979, 4, 9, 0, 0, 1), '1979-05-09T00:00:01Z'],
      [Date.UTC(1979, 4, 9, 0, 0, 0, 1), '1979-05-09T00:00:00.001Z'],
    ] as const
  ).map(([ms, expected]): Vector => ({
    source: `${DTS} ToShortestXsdDateTimeString_works`,
    field: 'StartDate',
    in: 'json',
    value: wcf(ms),
    out: 'jsv',
    expected,
  })),
  // JDT, each as a UTC host with AlwaysUseUtc reads it and writes it back.
  ...jsonStrings(
    `${JDT} Can_deserialize_json_date_timestampOffset_withoutOffset_asUtc`,
    'StartDate',
    [['\\/Date(785635200000)\\/', wcf(785635200000)]],
  ).map(unescapedWcf),
  ...jsonStrings(
    `${JDT} Can_deserialize_json_date_timestampOffset_withOffset_as_Local`,
    'StartDate',
    [['\\/Date(785660400000-0700)\\/', wcf(785635200000)]],
  ).map(unescapedWcf),
  ...jsonStrings(
    `${JDT} Can_deserialize_json_date_timestampOffset_withZeroOffset_as_Local`,
    'StartDate',
    [['\\/Date(785635200000+0000)\\/', wcf(785635200000)]],
  ).map(unescapedWcf),
  ...jsonStrings(
    `${JDT} Can_deserialize_json_date_iso8601_withZOffset_asUtc_alwaysUseUtc_true`,
    'StartDate',
    [['1994-11-24T12:34:56Z', wcf(Date.UTC(1994, 10, 24, 12, 34, 56))]],
  ),
  ...jsonStrings(
    `${JDT} Can_deserialize_json_date_iso8601_withoutOffset_as_Unspecified`,
    'StartDate',
    [['1994-11-24T12:34:56', wcf(Date.UTC(1994, 10, 24, 12, 34, 56))]],
  ),
  ...jsonStrings(`${JDT} Can_deserialize_json_date_rfc1123_always_utc`, 'StartDate', [
    ['Tue, 12 Nov 2013 14:32:07 GMT', wcf(Date.UTC(2013, 10, 12, 14, 32, 7))],
  ]),
  ...jsonStrings(
    `${JDT} ParseShortestXsdDateTime_TwoDateTimesWithDifferentPrecision_ReturnsSameParsedDateTime`,
    'StartDate',
    [
      ['1979-05-09T00:00:01Z', wcf(Date.UTC(1979, 4, 9, 0, 0, 1))],
      ['1979-05-09T00:00:01.00Z', wcf(Date.UTC(1979, 4, 9, 0, 0, 1))],
    ],
  ),
  ...jsonStrings(`${JDT} Does_deserialize_UTC_dates_as_UTC`, 'StartDate', [
    ['2012-07-25T16:17:00.0000000Z', wcf(Date.UTC(2012, 6, 25, 16, 17))],
  ]),
  ...jsonStrings(`${JDT} Does_serialize_Dates_without_time_as_UTC_when_UseUtc`, 'StartDate', [
    ['2000-01-01', wcf(Date.UTC(2000, 0, 1))],
  ]),
  ...jsonStrings(`${JDT} Does_parse_unspecified_date_with_7sec_fraction_as_UTC`, 'StartDate', [
    ['2014-08-27T14:30:23.1230000', wcf(Date.UTC(2014, 7, 27, 14, 30, 23, 123))],
  ]),
  // CsvTests/ObjectSerializerTests.cs MidnightAndNoonTestSerialization (l.12–60): CSV cells.
  ...(
    [
      [Date.UTC(2018, 0, 1), '2018-01-01'],
      [Date.UTC(2018, 0, 1, 12), '2018-01-01T12:00:00Z'],
    ] as const
  ).map(([ms, expected]): Vector => ({
    source: 'CsvTests/ObjectSerializerTests.cs MidnightAndNoonTestSerialization',
    field: 'StartDate',
    in: 'json',
    value: wcf(ms),
    out: 'csv',
    expected,
  })),
]

/** The JSON test's text is already JSON-escaped (`\\/`): sent as it stands, not quoted again. */
function unescapedWcf(vector: Vector): Vector {
  return { ...vector, value: `"${JSON.parse(vector.value).replaceAll('\\\\', '\\')}"` }
}

const testGuid = '"a8a110d5-fc49-43c5-bf46-802db8f843ff"'
const fullGuid = '"ffffffff-ffff-ffff-ffff-ffffffffffff"'
const empty = '"00000000-0000-0000-0000-000000000000"'
const ws = '  \r \n \t '
const guids: Vector[] = [
  // SP GuidStrings_Valid_TestData (l.197–236), through Can_parse_guid (l.168–179).
  ...jsonStrings(`${SP} GuidStrings_Valid_TestData`, 'WinnerVariationId', [
    ['a8a110d5fc4943c5bf46802db8f843ff', testGuid],
    [`${ws}a8a110d5fc4943c5bf46802db8f843ff   \r \n \t  `, testGuid],
    ['00000000000000000000000000000000', empty],
    ['FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', fullGuid],
    ['ffffffffffffffffffffffffffffffff', fullGuid],
    ['a8a110d5-fc49-43c5-bf46-802db8f843ff', testGuid],
    [`${ws}a8a110d5-fc49-43c5-bf46-802db8f843ff   \r \n \t  `, testGuid],
    ['00000000-0000-0000-0000-000000000000', empty],
    ['FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF', fullGuid],
    ['ffffffff-ffff-ffff-ffff-ffffffffffff', fullGuid],
    ['{a8a110d5-fc49-43c5-bf46-802db8f843ff}', testGuid],
    [`${ws}{a8a110d5-fc49-43c5-bf46-802db8f843ff}   \r \n \t  `, testGuid],
    ['{00000000-0000-0000-0000-000000000000}', empty],
    ['{FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF}', fullGuid],
    ['{ffffffff-ffff-ffff-ffff-ffffffffffff}', fullGuid],
    ['(a8a110d5-fc49-43c5-bf46-802db8f843ff)', testGuid],
    [`${ws}(a8a110d5-fc49-43c5-bf46-802db8f843ff)   \r \n \t  `, testGuid],
    ['(00000000-0000-0000-0000-000000000000)', empty],
    ['(FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF)', fullGuid],
    ['(ffffffff-ffff-ffff-ffff-ffffffffffff)', fullGuid],
  ]),
  // SP GuidStrings_Invalid_TestData (l.240–276), through Can_parse_invalid_guid (l.182–189).
  // The empty string is left out: a `Guid?` of "" is null before ParseGuid runs
  // (DeserializeBuiltin.cs: `value.IsNullOrEmpty() ? null : …`).
  ...jsonStrings(
    `${SP} GuidStrings_Invalid_TestData`,
    'WinnerVariationId',
    [
      '     \t',
      'ddddddddddddddddddddddddddddddd',
      'ddddddddddddddddddddddddddddddddd',
      '{dddddddddddddddddddddddddddddddd}',
      'd d d d d  dd d d d d d dd d d d dd d d dd d dd d d d d d d',
      '{d d d d d  dd d d d d d dd d d d dd d d dd d dd d d d d d d}',
      '(d d d d d  dd d d d d d dd d d d dd d d dd d dd d d d d d d)',
      'dddddddd-dddddddd-dddddddd',
      'dddddddd-dddddddd-dddddddd-ddddddddd',
      'dddddddd-dddddddd-dddddddd-dddddddd-dddddddd',
      'ddddddd-dddd-dddd-dddd-dddddddd',
      'ddddddddd-dddd-dddd-dddd-dddddddd',
      'dddddddd-ddd-dddd-dddd-dddddddd',
      'dddddddd-ddddd-dddd-dddd-dddddddd',
      'dddddddd-dddd-ddd-dddd-dddddddd',
      'dddddddd-dddd-ddddd-dddd-dddddddd',
      'dddddddd-dddd-dddd-ddd-dddddddd',
      'dddddddd-dddd-dddd-ddddd-dddddddd',
      'dddddddd-dddd-dddd-dddd-ddddddd',
      'dddddddd-dddd-dddd-dddd-ddddddddd',
    ].map((value) => [value, dropped] as const),
  ),
]

const bools: Vector[] = [
  // CsvTests/ObjectSerializerTests.cs IEnumerableObjectSerializationBaseline (l.79–96): True and
  // False cells, read back from CSV as the same; JSON's own literals both ways.
  ...(['True', 'False'] as const).map((value): Vector => ({
    source: 'CsvTests/ObjectSerializerTests.cs IEnumerableObjectSerializationBaseline',
    field: 'Enabled',
    in: 'csv',
    value,
    out: 'csv',
    expected: value,
  })),
  ...(['true', 'false'] as const).map((value): Vector => ({
    source: 'JsonTests/BasicJsonTests.cs Can_serialize (Boolean, l.148)',
    field: 'Enabled',
    in: 'json',
    value,
    out: 'json',
    expected: value,
  })),
]

const strings: Vector[] = [
  // ESC Can_serialize_windows_new_line, Can_serialize_object_with_escaped_chars,
  // Can_deserialize_with_new_line, Can_serialize_string_with_new_line.
  ...jsonStrings(`${ESC} Can_serialize_windows_new_line`, 'Message', [
    ["Hi I'm\r\nnew line :)", `"Hi I'm\\r\\nnew line :)"`],
  ]),
  ...jsonStrings(`${ESC} Can_serialize_string_with_new_line`, 'Message', [
    ['Line1\nLine2', '"Line1\\nLine2"'],
  ]),
  // ESC Can_serialize_Model_with_list_of_escape_chars: the verbatim `1 \ 2 \r 3 …` (l.188).
  ...jsonStrings(`${ESC} Can_deserialize_text_with_escaped_chars`, 'Message', [
    ['1 \\ 2 \\r 3 \\n 4 \\b 5 \\f 6 "', '"1 \\\\ 2 \\\\r 3 \\\\n 4 \\\\b 5 \\\\f 6 \\""'],
  ]),
  // ESC Can_serialize_array_of_control_chars_and_unicode (l.257–265): \u0018 escaped, Ω as is.
  ...jsonStrings(`${ESC} Can_serialize_array_of_control_chars_and_unicode`, 'Message', [
    ['\u0018', '"\\u0018"'],
    ['Ω', '"Ω"'],
  ]),
  // ESC Can_serialize_unicode_without_escape (l.225–230).
  ...jsonStrings(`${ESC} Can_serialize_unicode_without_escape`, 'Message', [
    ['JříАбвĀašū', '"JříАбвĀašū"'],
  ]),
  // ESC Can_deserialize_basic_latin_unicode (l.213–222) and _unicode_with_escape (l.249–254).
  {
    source: `${ESC} Can_deserialize_basic_latin_unicode`,
    field: 'Message',
    in: 'json',
    value: '"\\u0041 \\u0042 \\u0043 | \\u0031 \\u0032 \\u0033"',
    out: 'json',
    expected: '"A B C | 1 2 3"',
  },
  {
    source: `${ESC} Can_deserialize_unicode_with_escape`,
    field: 'Message',
    in: 'json',
    value: '"J\\u0159\\u00ED\\u0410\\u0431\\u0432\\u0100a\\u0161\\u016B"',
    out: 'json',
    expected: '"JříАбвĀašū"',
  },
  // ESC Can_deserialize_with_new_line, read back as JSV: a quoted JSV string keeps the CRLF.
  {
    source: `${ESC} Can_deserialize_with_new_line (JSV out)`,
    field: 'Message',
    in: 'json',
    value: `"Hi I'm\\r\\nnew line :)"`,
    out: 'jsv',
    expected: `Hi I'm\r\nnew line :)`,
  },
  // Issues/EscapedCharIssues.cs Does_unescaped_unicode_char: \u0000 read and written escaped.
  ...jsonStrings('Issues/EscapedCharIssues.cs Does_unescaped_unicode_char', 'Message', [
    ['a\u0000b', '"a\\u0000b"'],
  ]),
  // CsvTests/NewLineTests.cs Serializes_adhoc_data and CsvSerializerTests.cs
  // Can_serialize_fields_with_double_quotes: CSV cells, quoted where they must be.
  ...(
    [
      [' Like ', ' Like '],
      ['"Know,"', '"Know,"'],
      ['"Space\nCamp"', '"Space\nCamp"'],
      ['"Last\r\nYear"', '"Last\r\nYear"'],
      ['"""Jaws"""', '"""Jaws"""'],
      ['"""Mr. Lee"""', '"""Mr. Lee"""'],
      ['"""Anon"" Review"', '"""Anon"" Review"'],
    ] as const
  ).map(([value, expected]): Vector => ({
    source:
      'CsvTests/NewLineTests.cs Serializes_adhoc_data; CsvSerializerTests.cs Can_serialize_fields_with_double_quotes',
    field: 'Message',
    in: 'csv',
    value,
    out: 'csv',
    expected,
  })),
]

// The other direction of the same cases: read from CSV or JSV, answered in JSON.
const crossings: Vector[] = [
  ...(
    [
      ['"""Jaws"""', '"\\"Jaws\\""'],
      ['"Space\nCamp"', '"Space\\nCamp"'],
      ['"Last\r\nYear"', '"Last\\r\\nYear"'],
      ['"Know,"', '"Know,"'],
      ['"""Anon"" Review"', '"\\"Anon\\" Review"'],
    ] as const
  ).map(([value, expected]): Vector => ({
    source:
      'CsvTests/NewLineTests.cs Serializes_adhoc_data; CsvSerializerTests.cs Can_serialize_fields_with_double_quotes (CSV in, JSON out)',
    field: 'Message',
    in: 'csv',
    value,
    out: 'json',
    expected,
  })),
  ...(
    [
      ['"3333.3"', '3333.3'],
      ['"3,333.3"', '3333.3'],
      ['33333333.333', '33333333.333'],
    ] as const
  ).map(([value, expected]): Vector => ({
    source:
      'JsvTests/JsvBasicDataTests.cs Can_serialize_ModelWithFloatTypes(_From_String) (JSV in, JSON out)',
    field: 'Rating',
    in: 'jsv',
    value,
    out: 'json',
    expected,
  })),
  {
    source: `${SP} Can_parse_decimal (CSV in, JSON out)`,
    field: 'Rating',
    in: 'csv',
    value: '7.67e-6',
    out: 'json',
    expected: '0.00000767',
  },
  {
    source: `${DTS} ParseShortestXsdDateTime_works (CSV in, JSON out)`,
    field: 'StartDate',
    in: 'csv',
    value: '2011-8-4',
    out: 'json',
    expected: wcf(Date.UTC(2011, 7, 4)),
  },
  {
    source: `${SP} GuidStrings_Valid_TestData (JSV in, JSON out)`,
    field: 'WinnerVariationId',
    in: 'jsv',
    value: '{a8a110d5-fc49-43c5-bf46-802db8f843ff}',
    out: 'json',
    expected: testGuid,
  },
]

const vectors: readonly Vector[] = [
  ...decimals,
  ...dates,
  ...guids,
  ...bools,
  ...strings,
  ...crossings,
]

const store = createStore({ seed: 1 })
const key = commentKey(store, 0)

const paths = {
  comment: '/RestApi/comments-api/comments',
  abTest: '/RestApi/ab-testing',
  service: '/RestApi/apiservice/createService',
} as const

const contentTypes: Record<Format, string> = {
  json: 'application/json',
  jsv: 'application/jsv',
  csv: 'text/csv',
}

/** The operation a field is on, and the other fields its body needs. */
function operationOf(field: Vector['field']): {
  path: string
  method: string
  base: [string, string][]
} {
  if (field === 'Enabled') {
    return {
      path: paths.service,
      method: 'POST',
      base: [
        ['Route', '/api/vector'],
        ['Name', 'v'],
      ],
    }
  }
  if (field === 'StartDate' || field === 'WinnerVariationId') {
    return { path: paths.abTest, method: 'PUT', base: [['Title', 'v']] }
  }
  return { path: paths.comment, method: 'PUT', base: [['Key', key]] }
}

/** A body with the base fields and the vector's, each value raw in its format. */
function bodyOf(format: Format, fields: [string, string][]): string {
  if (format === 'csv') {
    return `${fields.map(([name]) => name).join(',')}\r\n${fields.map(([, value]) => value).join(',')}`
  }
  const pairs = fields.map(([name, value]) =>
    format === 'json' ? `"${name}":${value}` : `${name}:${value}`,
  )
  return `{${pairs.join(',')}}`
}

/** A base field's raw text in a format: quoted in JSON, bare in JSV and CSV. */
function rawBase(format: Format, value: string): string {
  return format === 'json' ? JSON.stringify(value) : value
}

/** The raw text of a top-level field in a JSON or JSV answer, or of its cell in a CSV one. */
function fieldText(format: Format, text: string, name: string): string | undefined {
  if (format === 'csv') {
    const [header = [], row = []] = csvRows(text)
    const at = header.indexOf(name)
    return at < 0 ? undefined : row[at]
  }
  const prefix = format === 'json' ? `"${name}":` : `${name}:`
  const start = text.indexOf(prefix)
  if (start < 0) return undefined
  return scanValue(format, text, start + prefix.length)
}

function scanValue(format: Format, text: string, from: number): string {
  if (text[from] === '"') {
    let i = from + 1
    while (i < text.length) {
      if (format === 'json' && text[i] === '\\') i += 2
      else if (text[i] === '"' && format === 'jsv' && text[i + 1] === '"') i += 2
      else if (text[i] === '"') break
      else i++
    }
    const quoted = text.slice(from, i + 1)
    // A quoted JSV value is compared unquoted, its doubled quotes single.
    return format === 'jsv' ? quoted.slice(1, -1).replaceAll('""', '"') : quoted
  }
  let i = from
  while (i < text.length && text[i] !== ',' && text[i] !== '}') i++
  return text.slice(from, i)
}

/** CSV rows, each cell raw as written (quotes kept), split on unquoted commas and CRLF. */
function csvRows(text: string): string[][] {
  const rows: string[][] = [[]]
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (c === '"') quoted = !quoted
    if (!quoted && c === ',') {
      rows.at(-1)!.push(cell)
      cell = ''
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      rows.at(-1)!.push(cell)
      rows.push([])
      cell = ''
      i++
    } else cell += c
  }
  rows.at(-1)!.push(cell)
  return rows
}

async function send(app: TestApp['app'], vector: Vector): Promise<Response> {
  const { path, method, base } = operationOf(vector.field)
  const fields: [string, string][] = [
    ...base.map(([name, value]): [string, string] => [name, rawBase(vector.in, value)]),
    [vector.field, vector.value],
  ]
  return app.request(`${path}?format=${vector.out}`, {
    method,
    headers: { 'Content-Type': contentTypes[vector.in] },
    body: bodyOf(vector.in, fields),
  })
}

describe('ServiceStack.Text v5.10’s own test vectors, over HTTP', () => {
  it.each(
    vectors.map((vector) => ({
      ...vector,
      label: String(vector.expected === dropped ? 'dropped' : vector.expected),
    })),
  )('$source: $field $value ($in → $out) is $label', async (vector) => {
    const { app } = buildApp({ store: createStore({ seed: 1 }) })
    const response = await send(app, vector)
    expect(response.status).toBe(200)
    const text = await response.text()
    const warning = response.headers.get('x-mock-warning') ?? ''
    if (vector.expected === dropped) {
      expect(warning).toContain(`${vector.field}:`)
      expect(warning).toContain('dropped')
    } else {
      expect(warning).not.toContain(`${vector.field}:`)
      expect(fieldText(vector.out, text, vector.field)).toBe(vector.expected)
    }
  })
})

// Nullable ints and lists of objects: a page control's Fields, which the host answers as sent
// (SF InlineEditingService.cs l.245), so each vector is read and written back by ServiceStack.Text.
interface EchoVector {
  readonly source: string
  /** The raw JSON text of `Fields`. */
  readonly fields: string
  /** The answer's `Fields`, exactly. */
  readonly expected: string
}

const BJ = 'JsonTests/BasicJsonTests.cs'
const NT = 'NullableTypesTests.cs'
const echoes: readonly EchoVector[] = [
  {
    source: `${BJ} Can_parse_json_with_nullable_valuetypes_that_has_included_null_values`,
    fields: '[{"Name":"n","MinLength":null,"MaxLength":null}]',
    expected: '[{"Name":"n"}]',
  },
  {
    source: `${BJ} Can_parse_json_with_nulls_or_empty_string_in_nullables`,
    fields: '[{"Name":"n","MinLength":null}]',
    expected: '[{"Name":"n"}]',
  },
  {
    source: `${NT} Test_override_DeserializeFn (its int? and null, default parsers)`,
    fields: '[{"name":"n","minLength":1,"maxLength":null}]',
    expected: '[{"Name":"n","MinLength":1}]',
  },
  {
    source: `${NT} Can_handle_null_in_Answer`,
    fields: '[{"Name":null,"MinLength":17}]',
    expected: '[{"MinLength":17}]',
  },
  {
    source: `${NT} Can_handle_null_in_quotes_in_Answer`,
    fields: '[{"Name":"null","MinLength":0,"MaxLength":236255}]',
    expected: '[{"Name":"null","MinLength":0,"MaxLength":236255}]',
  },
  {
    source: `${NT} Can_handle_null_in_quotes_in_TopAnswers`,
    fields: '[{"Name":"null","MinLength":17},{"Name":"x","MinLength":2}]',
    expected: '[{"Name":"null","MinLength":17},{"Name":"x","MinLength":2}]',
  },
  {
    source: `${ESC} Can_deserialize_inner_whitespace`,
    fields: '[{"MinLength":0} , {"MinLength":1}\r\n]',
    expected: '[{"MinLength":0},{"MinLength":1}]',
  },
  {
    source: `${ESC} Can_deserialize_json_list_with_whitespace`,
    fields: '\t [ \t {"Name":" One "} \t , \t {"Name":" Two "} \t ] \n ',
    expected: '[{"Name":" One "},{"Name":" Two "}]',
  },
]

describe('ServiceStack.Text v5.10’s vectors for int? and lists of objects, over HTTP', () => {
  it.each(echoes)('$source: Fields $fields is $expected', async ({ fields, expected }) => {
    const { app } = buildApp({ store: createStore({ seed: 1 }) })
    const body =
      '{"PageId":"00000000-0000-0000-0000-000000000000","ContainersInfo":[{"ItemId":"7c9e6679-7425-40de-944b-e07fc1f90ae7",' +
      `"ItemType":"Telerik.Sitefinity.Pages.Model.PageControl","Fields":${fields}}]}`
    const response = await app.request('/RestApi/cms/inlineediting/containersInfo?format=json', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    })
    expect(response.status).toBe(200)
    const text = await response.text()
    expect(text).toContain(`"Fields":${expected}}`)
  })
})
