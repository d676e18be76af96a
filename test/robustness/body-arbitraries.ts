import fc from 'fast-check'
import { createStore } from '../../src/index.ts'
import {
  ABTestViewModel,
  CommentUpdateRequest,
  ContainerInfoMessage,
  CreateService,
  commentStatuses,
  type DtoDef,
} from '../../src/model/index.ts'
import { codecs } from '../../src/wire/formats/codecs.ts'
import {
  awkwardString,
  csvish,
  dtoValue,
  jsonish,
  jsvish,
  xmlTree,
  xmlish,
} from '../formats/arbitraries.ts'
import { writeContext } from '../support/index.ts'
import { mutate, mutation } from './pick.ts'

// Request bodies for the app fuzzing: random bytes, random text, the format grammars of
// test/formats/arbitraries.ts, and valid bodies of every request DTO in every readable format,
// then mutated. Each comes with the Content-Type it was written for (the request may still
// send another one).

/** A body and the Content-Type it was made for (null: none). */
export interface Payload {
  readonly body: Uint8Array | null
  readonly contentType: string | null
}

/** The request DTOs of the four operations. */
export const requestDtos: readonly DtoDef[] = [
  CommentUpdateRequest,
  ABTestViewModel,
  CreateService,
  ContainerInfoMessage,
]

// The fuzzed app serves `createStore({ seed: 1 })`: bodies name its entities, so that valid
// bodies reach the updates and not only the "not found" answers.
const seeded = createStore({ seed: 1 })
export const seededCommentKeys: readonly string[] = [...seeded.state.comments.values()]
  .slice(0, 3)
  .map((comment) => comment.Key ?? '')
const seededABTestIds = [...seeded.state.abTests.keys()].slice(0, 2)
const seededRoutes = [...seeded.state.services.values()].map((service) => service.Route ?? '')

/** Every field name of the request DTOs and of the DTOs inside them. */
export const fieldNames: readonly string[] = (() => {
  const names = new Set<string>()
  const visit = (def: DtoDef, depth: number): void => {
    for (const entry of def.entries) {
      names.add(entry.name)
      let type = entry.spec.type
      while (type.kind === 'list') type = type.item
      if (type.kind === 'object' && depth < 3) visit(type.dto(), depth + 1)
    }
  }
  for (const def of requestDtos) visit(def, 0)
  return [...names]
})()

const encoder = new TextEncoder()

/** Text as bytes: UTF-8, sometimes with a BOM, sometimes as Latin-1 (mis-declared charsets). */
const textBytes = (text: fc.Arbitrary<string>): fc.Arbitrary<Uint8Array> =>
  fc
    .tuple(text, fc.constantFrom('utf8', 'utf8', 'utf8', 'bom', 'latin1'))
    .map(([value, encoding]) =>
      encoding === 'latin1'
        ? Uint8Array.from(value, (c) => c.charCodeAt(0) & 0xff)
        : encoder.encode(encoding === 'bom' ? `\uFEFF${value}` : value),
    )

const bodyFormats = ['json', 'jsv', 'csv', 'xml'] as const
type BodyFormat = (typeof bodyFormats)[number]

const contentTypesOf: Readonly<Record<BodyFormat, readonly string[]>> = {
  json: ['application/json', 'text/json', 'application/json; charset=utf-8', 'APPLICATION/JSON'],
  jsv: ['application/jsv', 'text/jsv'],
  csv: ['text/csv', 'text/csv; charset=utf-8'],
  xml: ['application/xml', 'text/xml', 'application/xml; charset=utf-8'],
}

/** A whole value of a request DTO, often naming a seeded entity. */
function requestValue(def: DtoDef): fc.Arbitrary<Record<string, unknown>> {
  const known = (name: string, values: readonly string[]): fc.Arbitrary<Record<string, unknown>> =>
    fc
      .tuple(dtoValue(def), fc.option(fc.constantFrom(...values, ''), { freq: 3 }))
      .map(([value, pick]) => (pick === null ? value : { ...value, [name]: pick }))
  if (def === CommentUpdateRequest)
    return fc
      .tuple(known('Key', seededCommentKeys), fc.option(fc.constantFrom(...commentStatuses)))
      .map(([value, status]) => (status === null ? value : { ...value, Status: status }))
  if (def === ABTestViewModel) return known('Id', seededABTestIds)
  if (def === CreateService) return known('Route', seededRoutes)
  return dtoValue(def)
}

/** A valid body of `def` in one format, then none to three mutations. */
function writtenBody(def: DtoDef): fc.Arbitrary<Payload> {
  return fc
    .tuple(
      fc.constantFrom(...bodyFormats),
      requestValue(def),
      fc.oneof(
        { weight: 3, arbitrary: fc.constant([]) },
        { weight: 2, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }) },
      ),
      fc.nat(),
    )
    .map(([format, value, mutations, pick]) => {
      const text = codecs[format].write(def, value, writeContext())
      const types = contentTypesOf[format]
      return {
        body: encoder.encode(mutate(text, mutations)),
        contentType: types[pick % types.length] ?? null,
      }
    })
}

/** `text/csv` holding JSON object notation, as the spec's samples send it. */
function jsonAsCsv(def: DtoDef): fc.Arbitrary<Payload> {
  return requestValue(def).map((value) => ({
    body: encoder.encode(codecs.json.write(def, value, writeContext())),
    contentType: 'text/csv',
  }))
}

/** Field/value pairs for forms and query strings: real field names in any case, odd values. */
export const fieldPair: fc.Arbitrary<[string, string]> = fc.tuple(
  fc.oneof(fc.constantFrom(...fieldNames), fc.mixedCase(fc.constantFrom(...fieldNames))),
  fc.oneof(
    awkwardString,
    fc.constantFrom(...seededCommentKeys, ...commentStatuses, 'Published', 'bogus'),
    fc.constantFrom('1', '-1', '4.5', '1e400', 'NaN', 'True', 'false', '0x10', ''),
    fc.constantFrom('/Date(0)/', '\\/Date(-1+0100)\\/', '2020-01-01', '31/12/2020 10:00:00'),
    fc.constantFrom('[{Name:Title}]', '[', '{', '{a:[}', '[{}]', '[1,2', '{Name:"x""}'),
    fc.uuid(),
  ),
)

const formBody: fc.Arbitrary<Payload> = fc
  .tuple(fc.array(fieldPair, { maxLength: 6 }), fc.array(mutation, { maxLength: 2 }))
  .map(([pairs, mutations]) => ({
    body: encoder.encode(mutate(new URLSearchParams(pairs).toString(), mutations)),
    contentType: 'application/x-www-form-urlencoded',
  }))

const multipartBody: fc.Arbitrary<Payload> = fc
  .tuple(
    fc.array(fieldPair, { maxLength: 4 }),
    fc.constantFrom('XyZ', 'other', ''),
    fc.array(mutation, { maxLength: 2 }),
  )
  .map(([pairs, declared, mutations]) => {
    const parts = pairs.map(
      ([name, value]) =>
        `--XyZ\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    return {
      body: encoder.encode(mutate(`${parts.join('')}--XyZ--\r\n`, mutations)),
      contentType: `multipart/form-data${declared === '' ? '' : `; boundary=${declared}`}`,
    }
  })

/** Bodies of the control routes, with small delays only: the suite must stay fast. */
const controlBody: fc.Arbitrary<Payload> = fc
  .constantFrom(
    '{"path":"/RestApi/*","status":503,"count":1}',
    '{"method":"PUT","path":"*comments*","status":500}',
    '{"path":"*","fault":"network","count":1}',
    '{"path":"*","delay":5,"count":2}',
    '{"path":"*","status":429,"probability":0.5}',
    '{"path":"*","status":200}',
    '{"path":"/RestApi/*a*a*a*a*a*a*a*a*b","status":503}',
    `{"path":"*${'a'.repeat(500)}b${'a'.repeat(500)}*","status":503}`,
    `{"path":"${'*'.repeat(1025)}","status":503}`,
    '{"status":"x"}',
    '{"ms":5}',
    '{"min":1,"max":5}',
    '{"min":5,"max":1}',
    'null',
    '[]',
    '"x"',
    '{',
  )
  .map((text) => ({ body: encoder.encode(text), contentType: 'application/json' }))

/** Inputs aimed at the limits and at prototypes. */
const hostileBody: fc.Arbitrary<Payload> = fc
  .constantFrom(
    ['application/json', '['.repeat(5000)],
    ['application/json', `${'{"a":'.repeat(200)}1${'}'.repeat(200)}`],
    ['application/json', `{"Rating":[${'1,'.repeat(10_001)}1]}`],
    ['application/json', '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}'],
    ['application/json', '{"Key":"a","Key":"b","key":"c"}'],
    ['application/jsv', '{'.repeat(5000)],
    ['application/jsv', '{__proto__:{polluted:1},Key:x}'],
    ['application/xml', '<a>'.repeat(3000)],
    // Issue 13: each held the event loop for seconds when a regex backtracked on it.
    ['application/xml', '<a'.repeat(6000)],
    ['text/plain', '<a'.repeat(6000)],
    [
      'application/xml',
      `<CreateService><Route><![CDATA[${'<'.repeat(20_000)}]]></Route></CreateService>`,
    ],
    ['application/xml', `<CreateService${' a'.repeat(20_000)}/>`],
    ['application/json', `{"Rating":"${'1'.repeat(20_000)}x"}`],
    ['text/csv', `Key\r\n${','.repeat(20_000)}`],
    ['application/xml', '<!DOCTYPE a [<!ENTITY x "xx">]><a>&x;</a>'],
    ['text/csv', `${'a,'.repeat(3000)}\r\n1`],
    ['text/csv', 'Key,Key\r\n"unterminated'],
    ['application/x-www-form-urlencoded', '%zz=%zz&__proto__[polluted]=1&Key=%E2%82'],
  )
  .map(([contentType, text]) => ({ body: encoder.encode(text), contentType }))

const anyType = fc.constantFrom(...Object.values(contentTypesOf).flat(), 'text/plain', null)

/** A body for a request to `def` (or to any DTO when null). */
export function payload(def: DtoDef | null): fc.Arbitrary<Payload> {
  const dto = def ? fc.constant(def) : fc.constantFrom(...requestDtos)
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant({ body: null, contentType: null }) },
    {
      weight: 2,
      arbitrary: fc.record({ body: fc.uint8Array({ maxLength: 200 }), contentType: anyType }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        body: textBytes(fc.string({ unit: 'binary', maxLength: 80 })),
        contentType: anyType,
      }),
    },
    {
      weight: 2,
      arbitrary: fc.oneof(
        textBytes(jsonish).map((body) => ({ body, contentType: 'application/json' })),
        textBytes(jsvish).map((body) => ({ body, contentType: 'application/jsv' })),
        textBytes(csvish).map((body) => ({ body, contentType: 'text/csv' })),
        textBytes(fc.oneof(xmlish, xmlTree)).map((body) => ({ body, contentType: 'text/xml' })),
      ),
    },
    { weight: 6, arbitrary: dto.chain(writtenBody) },
    { weight: 1, arbitrary: dto.chain(jsonAsCsv) },
    { weight: 1, arbitrary: formBody },
    { weight: 1, arbitrary: multipartBody },
    { weight: 1, arbitrary: controlBody },
    { weight: 1, arbitrary: hostileBody },
  )
}
