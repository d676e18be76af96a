import fc from 'fast-check'
import {
  ABTestViewModel,
  CommentUpdateRequest,
  ContainerInfoMessage,
  CreateService,
  type DtoDef,
} from '../../src/model/index.ts'
import { requestDtos } from './body-arbitraries.ts'
import { mostly, oneOf } from './pick.ts'

// Where the fuzzed requests go: the four operations (in any case, percent-encoded, with format
// extensions), the pre-defined `/{format}/reply/{Dto}` routes, the `/__mock` control routes,
// and random paths with broken percent-encodings, dot segments and backslashes.

/** Where a generated path points, and the method and DTO that route expects. */
export interface Target {
  readonly path: string
  readonly method: string
  readonly dto: DtoDef | null
}

const operations = [
  { method: 'PUT', segments: ['comments-api', 'comments'], dto: CommentUpdateRequest },
  { method: 'PUT', segments: ['ab-testing'], dto: ABTestViewModel },
  { method: 'POST', segments: ['apiservice', 'createService'], dto: CreateService },
  {
    method: 'POST',
    segments: ['{product}', 'inlineediting', 'containersInfo'],
    dto: ContainerInfoMessage,
  },
] as const

/** Pieces of path segments: plain, reserved, non-ASCII, and broken percent-encodings. */
const segmentPiece = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(..."abcXYZ019-._~!$&'()*+,;=:@".split('')) },
  {
    weight: 2,
    arbitrary: oneOf(
      ['%zz', '%', '%4', '%E2%82', '%00', '%2F', '%2e', '%2E%2E', '%25', '%C3%A9', '%ff'],
      [' ', 'é', '中', '😀', '\\', '"', '<', '>', '{', '}', '|', '^', '`', '[', ']', '..'],
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 2 }) },
)
const randomSegment = fc.array(segmentPiece, { maxLength: 6 }).map((pieces) => pieces.join(''))

/** Flips the case of some letters and percent-encodes some characters of a literal segment. */
function disguise(segment: string, flips: readonly boolean[], escapes: readonly boolean[]): string {
  let out = ''
  for (let i = 0; i < segment.length; i++) {
    const c = segment.charAt(i)
    const cased = flips[i] ? (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) : c
    out += escapes[i] ? `%${cased.charCodeAt(0).toString(16).padStart(2, '0')}` : cased
  }
  return out
}

const operationTarget: fc.Arbitrary<Target> = fc
  .record({
    op: fc.constantFrom(...operations),
    base: fc.constantFrom('/RestApi', '/RestApi', '/restapi', '/RESTAPI', '//RestApi'),
    product: fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom('cms', 'sitefinity') },
      { weight: 1, arbitrary: randomSegment },
    ),
    disguised: fc.boolean(),
    flips: fc.array(fc.boolean(), { maxLength: 16 }),
    escapes: fc.array(
      fc.nat(9).map((n) => n === 0),
      { maxLength: 16 },
    ),
    ext: mostly(['', '', '', '', '.json', '.xml', '.jsv', '.csv', '.html'], ['.CSV', '.txt', '.']),
    trailing: mostly([''], ['/', '//']),
  })
  .map(({ op, base, product, disguised, flips, escapes, ext, trailing }) => {
    const segments = op.segments.map((segment) =>
      segment === '{product}' ? product : disguised ? disguise(segment, flips, escapes) : segment,
    )
    return {
      path: `${base}/${segments.join('/')}${ext}${trailing}`,
      method: op.method,
      dto: op.dto,
    }
  })

const predefinedTarget: fc.Arbitrary<Target> = fc
  .record({
    format: mostly(['json', 'xml', 'jsv', 'csv', 'html', 'JSON', 'Csv'], ['yaml', 'json.']),
    kind: mostly(['reply', 'reply', 'oneway', 'Reply'], ['send']),
    dto: fc.constantFrom(...requestDtos),
    name: mostly(['', '', '', 'lower'], ['ErrorResponse', 'CommentResponse', 'Nope']),
    ext: mostly(['', '', '.json', '.xml'], ['.CSV']),
  })
  .map(({ format, kind, dto, name, ext }) => {
    const dtoName = name === '' ? dto.name : name === 'lower' ? dto.name.toLowerCase() : name
    const op = operations.find((candidate) => candidate.dto === dto)
    return {
      path: `/RestApi/${format}/${kind}/${dtoName}${ext}`,
      method: op?.method ?? 'POST',
      dto,
    }
  })

const controlRoutes: readonly (readonly [string, string])[] = [
  ['GET', ''],
  ['GET', '/'],
  ['GET', '/state'],
  ['POST', '/reset'],
  ['POST', '/reset?seed=7'],
  ['POST', '/reset?seed=x'],
  ['GET', '/snapshots'],
  ['POST', '/snapshots/s1'],
  ['PUT', '/snapshots/s1'],
  ['DELETE', '/snapshots/s1'],
  ['GET', '/journal'],
  ['GET', '/journal?limit=2'],
  ['GET', '/journal?limit=-1'],
  ['DELETE', '/journal'],
  ['GET', '/journal.har'],
  ['GET', '/faults'],
  ['POST', '/faults'],
  ['DELETE', '/faults'],
  ['DELETE', '/faults/1'],
  ['DELETE', '/faults/%zz'],
  ['GET', '/settings'],
  ['PUT', '/latency'],
  ['GET', '/openapi.json'],
  ['GET', '/nothing/here'],
]

const controlTarget: fc.Arbitrary<Target> = fc
  .tuple(
    fc.constantFrom(...controlRoutes),
    fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, randomSegment),
  )
  .map(([[method, rest], extra]) => ({
    path: `/__mock${rest}${extra === null ? '' : `/${extra}`}`,
    method,
    dto: null,
  }))

const randomTarget: fc.Arbitrary<Target> = fc
  .tuple(
    fc.constantFrom('/RestApi/', '/', '/__mock/', '/RestApi/.././', '\\RestApi\\'),
    fc.array(randomSegment, { maxLength: 4 }),
  )
  .map(([prefix, segments]) => ({ path: prefix + segments.join('/'), method: 'GET', dto: null }))

/** A path to send a request to, with the method and DTO its route expects. */
export const target: fc.Arbitrary<Target> = fc.oneof(
  { weight: 8, arbitrary: operationTarget },
  { weight: 2, arbitrary: predefinedTarget },
  { weight: 2, arbitrary: controlTarget },
  { weight: 1, arbitrary: randomTarget },
)
