import fc from 'fast-check'
import {
  ABTestViewModel,
  CommentResponse,
  ContainerInfoMessage,
  ContainerInfoModel,
  CreateService,
  ErrorResponse,
  GoalViewModel,
  ResponseStatus,
  VariationViewModel,
  type DtoDef,
  type FieldSpec,
  type FieldType,
} from '../../src/model/index.ts'

// fast-check arbitraries for whole DTO values, derived from the field tables (the model is the
// single source of truth, architecture.md), and for hostile request bodies.

/** The DTOs the writers' property tests write: every answer and the types nested in them. */
export const writtenDtos: readonly DtoDef[] = [
  CommentResponse,
  ABTestViewModel,
  VariationViewModel,
  GoalViewModel,
  CreateService,
  ContainerInfoMessage,
  ContainerInfoModel,
  ErrorResponse,
  ResponseStatus,
]

/** Pieces that each wire format has to quote, escape or keep as they are. */
const awkwardPieces = [
  '"',
  '""',
  ',',
  ':',
  '[',
  ']',
  '{',
  '}',
  '[{',
  '}]',
  '\r',
  '\n',
  '\r\n',
  '\t',
  ' ',
  '  ',
  'é',
  'ß',
  '中文',
  '😀',
  '👩‍💻',
  '&',
  '<',
  '>',
  "'",
  '\\',
  '/',
  '\\/Date(0)\\/',
  'null',
  'True',
  '__proto__',
  'a',
  'Z',
  '0',
  '-',
  '.',
]

/**
 * Strings a client may really send: empty, plain, and made of awkward pieces (quotes, commas,
 * colons, brackets, braces, CR/LF, tabs, leading and trailing spaces, non-ASCII and emoji).
 * Control characters other than tab, CR and LF are left out: XML 1.0 cannot carry them at all.
 */
export const awkwardString: fc.Arbitrary<string> = fc.oneof(
  { weight: 1, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 8 }) },
  {
    weight: 4,
    arbitrary: fc
      .array(
        fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...awkwardPieces) },
          { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 3 }) },
        ),
        { minLength: 1, maxLength: 6 },
      )
      .map((pieces) => pieces.join('')),
  },
)

/** DateTime.MinValue and MaxValue (servicestack-wire.md 3.4 and 6.2), in ms since the epoch. */
export const minDateMs = -62135596800000
export const maxDateMs = 253402300799999

/** Dates across the whole DateTime range, with the edges: epoch, negative ms, year 1, year 9999. */
export const edgeDate: fc.Arbitrary<Date> = fc.oneof(
  fc
    .constantFrom(
      0,
      -1,
      1,
      1500,
      123,
      minDateMs,
      minDateMs + 1,
      maxDateMs,
      Date.UTC(2018, 0, 1),
      Date.UTC(2018, 0, 1, 12),
      Date.UTC(2020, 1, 29, 23, 59, 59, 990),
    )
    .map((ms) => new Date(ms)),
  fc.date({ min: new Date(minDateMs), max: new Date(maxDateMs), noInvalidDate: true }),
)

/**
 * Numbers whose `String(n)` reads back as the same number, within .NET decimal's range (past
 * it the real parser refuses the value, and so does the binder).
 */
export const decimalNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.constantFrom(0.1, 4.5, -0.25, 1e21, 1e-7, 123456789.125, Number.MAX_SAFE_INTEGER),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -7.9e28, max: 7.9e28 }),
)

/** How deep nested DTOs go; CreateService's Types tree stops at 3 levels. */
export const maxDepth = 3

function valueOf(type: FieldType, depth: number): fc.Arbitrary<unknown> {
  switch (type.kind) {
    case 'string':
      return awkwardString
    case 'int':
      return fc.integer()
    case 'decimal':
      return decimalNumber
    case 'bool':
      return fc.boolean()
    case 'date':
      return edgeDate
    case 'guid':
      return fc.uuid()
    case 'enum':
      return fc.constantFrom(...type.values)
    // `object` members (FieldModel.MinValue, MaxValue) are kept as strings: the text formats
    // cannot carry a runtime type, so a number would come back as its text.
    case 'any':
      return awkwardString
    case 'object':
      return dtoValue(type.dto(), depth + 1)
    case 'list':
      return depth + 1 > maxDepth
        ? fc.constant([])
        : fc.array(valueOf(type.item, depth), { maxLength: 3 })
  }
}

function fieldValue(spec: FieldSpec<unknown>, depth: number): fc.Arbitrary<unknown> {
  const value = valueOf(spec.type, depth)
  return spec.nullable ? fc.option(value, { nil: null, freq: 4 }) : value
}

/** A whole value of a DTO, every field present, in declaration order. */
export function dtoValue(def: DtoDef, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const fields: Record<string, fc.Arbitrary<unknown>> = {}
  for (const entry of def.entries) fields[entry.name] = fieldValue(entry.spec, depth)
  return fc.record(fields)
}

function textFrom(pieces: readonly string[]): fc.Arbitrary<string> {
  return fc
    .array(
      fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...pieces) }, fc.string({ maxLength: 3 })),
      {
        maxLength: 40,
      },
    )
    .map((parts) => parts.join(''))
}

const names = ['Key', 'PageId', 'ContainersInfo', 'Fields', 'Types', 'Children', 'Name', 'Rating']
const hostileNames = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'polluted',
]

/** JSON-looking text, often broken. */
export const jsonish = textFrom([
  '{',
  '}',
  '[',
  ']',
  '"',
  ':',
  ',',
  '\\',
  '\\"',
  '\\u0000',
  ' ',
  '\n',
  '1',
  '-2.5e3',
  'true',
  'null',
  '"\\/Date(0)\\/"',
  ...[...names, ...hostileNames].map((name) => `"${name}"`),
])

/** JSV-looking text, often broken. */
export const jsvish = textFrom([
  '{',
  '}',
  '[',
  ']',
  '"',
  '""',
  ':',
  ',',
  ' ',
  '\r\n',
  'a b',
  '1',
  'True',
  ...names,
  ...hostileNames,
])

/** CSV-looking text, often broken, with JSV in some cells. */
export const csvish = textFrom([
  ',',
  '"',
  '""',
  '\r\n',
  '\n',
  '\r',
  '\uFEFF',
  '[{',
  '}]',
  '{',
  '[',
  ':',
  'x',
  ' ',
  ...names,
  ...hostileNames,
])

const xmlNames = [
  'CommentUpdateRequest',
  'ContainerInfoMessage',
  'ContainerInfoModel',
  'CreateService',
  'ContentsProxy',
  'a:Key',
  ...names,
  ...hostileNames,
]

/** XML-looking text, often broken. */
export const xmlish = textFrom([
  '<',
  '>',
  '</',
  '/>',
  '<?xml version="1.0" encoding="utf-8"?>',
  '<!DOCTYPE x>',
  '<![CDATA[',
  ']]>',
  '<!--',
  '-->',
  '&amp;',
  '&#xD;',
  '&#0;',
  '&#x110000;',
  '&bogus;',
  '&',
  '"',
  '=',
  ' ',
  'xmlns="urn:x"',
  'xmlns:i="http://www.w3.org/2001/XMLSchema-instance"',
  'i:nil="true"',
  ...xmlNames,
])

/** Well-formed XML trees over the DTOs' element names: they reach deeper into the reader. */
export const xmlTree: fc.Arbitrary<string> = fc
  .letrec<{ node: string; element: string }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      awkwardString.map((text) =>
        text.replace(/[<>&]/g, (c) => (c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&amp;')),
      ),
      tie('element'),
    ),
    element: fc
      .tuple(
        fc.constantFrom(...xmlNames),
        fc.constantFrom('', ' i:nil="true"', ' xmlns="urn:x"', ' xmlns:a="urn:a"'),
        fc.array(tie('node'), { maxLength: 4 }),
      )
      .map(([name, attributes, children]) =>
        children.length === 0
          ? `<${name}${attributes} />`
          : `<${name}${attributes}>${children.join('')}</${name}>`,
      ),
  }))
  .element.map(
    (root) =>
      `<?xml version="1.0" encoding="utf-8"?>${root.replace(/^<([^\s/>]+)/, '<$1 xmlns:i="http://www.w3.org/2001/XMLSchema-instance" xmlns:a="urn:a"')}`,
  )
