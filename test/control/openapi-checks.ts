import { Validator } from '@seriousme/openapi-schema-validator'
// ajv and ajv-formats come with the OpenAPI validator (its own JSON Schema engine).
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import { createOpenApiDocument, type OpenApiDocument } from '../../src/control/openapi.ts'
import { createStore, type Store } from '../../src/index.ts'
import {
  ErrorResponse,
  ResponseError,
  ResponseStatus,
  type DtoDef,
  type FieldType,
} from '../../src/model/index.ts'
import { formats, mimeTypes, type Operation } from '../../src/wire/index.ts'
import { codecs } from '../../src/wire/formats/codecs.ts'
import { buildApp } from '../support/index.ts'

// The OpenAPI document's checks for any list of operations: nothing here names an operation, so
// the spec's four (openapi.test.ts) and an added one (added-operation.test.ts) run the same ones.

export const basePath = '/RestApi'
export const refOf = (def: DtoDef): string => `#/components/schemas/${def.name}`
const formMime = 'application/x-www-form-urlencoded'
const errorStatuses = ['400', '404', '413', '500']

/** The document of `operations`, its samples drawn from a store of seed 1, as the mock's is. */
export function openApiOf(operations: readonly Operation[]): OpenApiDocument {
  return createOpenApiDocument({ operations, basePath, sampleStore: createStore({ seed: 1 }) })
}

/** The document as `GET /__mock/openapi.json` serves it: plain JSON. */
export function asJson(doc: OpenApiDocument): Record<string, any> {
  return JSON.parse(JSON.stringify(doc)) as Record<string, any>
}

function dtosIn(type: FieldType): DtoDef[] {
  if (type.kind === 'object') return [type.dto()]
  if (type.kind === 'list') return dtosIn(type.item)
  return []
}

/** Every DTO the operations reach through object and list fields, and the error DTOs. */
function reachableDtos(operations: readonly Operation[]): DtoDef[] {
  const found = new Map<string, DtoDef>()
  const visit = (def: DtoDef): void => {
    if (found.has(def.name)) return
    found.set(def.name, def)
    for (const entry of def.entries) dtosIn(entry.spec.type).forEach(visit)
  }
  for (const operation of operations) [operation.requestDto, operation.responseDto].forEach(visit)
  ;[ErrorResponse, ResponseStatus, ResponseError].forEach(visit)
  return [...found.values()]
}

export function operationOf(doc: OpenApiDocument, operation: Operation): Record<string, any> {
  const item = asJson(doc).paths[`${basePath}${operation.route}`]
  return item?.[operation.method.toLowerCase()]
}

const ajvId = 'urn:restapi-mock:openapi'

/**
 * A strict JSON Schema 2020-12 engine holding the whole document, so any schema in it can be
 * compiled by JSON pointer. `closed` forbids members a DTO schema does not name, so a
 * misnamed member in an answer fails.
 */
export function schemaEngine(doc: OpenApiDocument, options: { closed?: boolean } = {}): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true })
  addFormatsModule.default(ajv)
  // The document's own members, and OpenAPI's XML Object (an annotation), are not JSON Schema.
  for (const keyword of ['openapi', 'info', 'servers', 'paths', 'components', 'xml'])
    ajv.addKeyword(keyword)
  const json = asJson(doc)
  if (options.closed) {
    for (const schema of Object.values<any>(json.components.schemas))
      schema.additionalProperties = false
  }
  ajv.addSchema({ $id: ajvId, ...json })
  return ajv
}

/** JSON pointers of every schema under `paths`: parameters, headers, bodies, answers. */
function inlineSchemaPointers(value: unknown, pointer = '#'): string[] {
  if (typeof value !== 'object' || value === null) return []
  return Object.entries(value).flatMap(([key, inner]) => {
    const here = `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`
    return key === 'schema' ? [here] : inlineSchemaPointers(inner, here)
  })
}

export function compile(ajv: Ajv2020, pointer: string): ValidateFunction {
  return ajv.compile({ $ref: `${ajvId}${pointer}` })
}

/** The operation's URL, path variables filled from the document's examples. */
export function urlOf(doc: OpenApiDocument, operation: Operation): string {
  const parameters: any[] = operationOf(doc, operation).parameters
  return `${basePath}${operation.route}`.replace(
    /\{([^}]+)\}/g,
    (_, name: string) => parameters.find((p) => p.name === name)?.example ?? name,
  )
}

/** Sends `body` as JSON to an app of `operations` on `store`, asking for JSON. */
export async function sendTo(
  { operations, store }: { operations: readonly Operation[]; store: Store },
  { url, method, body }: { url: string; method: string; body: unknown },
): Promise<Response> {
  const { app } = buildApp({ store, operations })
  return app.request(url, {
    method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

/** What the checks run over: the mock's list, and the operations whose own checks run. */
export interface OpenApiChecks {
  readonly operations: readonly Operation[]
  /**
   * The operations (of the list) whose per-operation and per-field checks run; default all. The
   * document's own checks always run over the whole list.
   */
  readonly focus?: readonly Operation[]
}

interface CheckInput {
  readonly operations: readonly Operation[]
  readonly focus: readonly Operation[]
  readonly buildDocument: () => OpenApiDocument
}

/** The document's checks, run over `operations`. */
export function describeOpenApi({ operations, focus = operations }: OpenApiChecks): void {
  const input: CheckInput = { operations, focus, buildDocument: () => openApiOf(operations) }
  describeDocument(input)
  describePaths(input)
  describeSchemas(input)
  describeAnswers(input)
}

function describeDocument({ operations, buildDocument }: CheckInput): void {
  describe('the OpenAPI document', () => {
    it('validates as OpenAPI 3.1', async () => {
      const validator = new Validator()
      const result = await validator.validate(asJson(buildDocument()))
      expect(result.errors).toBeUndefined()
      expect(result.valid).toBe(true)
      expect(validator.version).toBe('3.1')
    })

    it.each<[string, (doc: Record<string, any>) => void]>([
      ['without info', (doc) => delete doc.info],
      ['with an unknown OpenAPI version', (doc) => (doc.openapi = '3.1')],
      [
        'with a $ref to a missing schema',
        (doc) => {
          const first = operations[0] as Operation
          const op = doc.paths[`${basePath}${first.route}`][first.method.toLowerCase()]
          op.responses['200'].content['application/json'].schema = {
            $ref: '#/components/schemas/X',
          }
        },
      ],
      [
        'with an optional path parameter',
        (doc) => {
          const path = Object.keys(doc.paths).find((key) => key.includes('{'))
          for (const op of Object.values<any>(doc.paths[path ?? '']))
            op.parameters[0].required = false
        },
      ],
    ])('is reported invalid %s', async (_, mutate) => {
      const doc = asJson(buildDocument())
      mutate(doc)
      expect((await new Validator().validate(doc)).valid).toBe(false)
    })

    it('has every schema valid as strict JSON Schema 2020-12', () => {
      const doc = buildDocument()
      const ajv = schemaEngine(doc)
      const pointers = [
        ...Object.keys(doc.components.schemas).map((name) => `#/components/schemas/${name}`),
        ...inlineSchemaPointers({ paths: asJson(doc).paths }),
      ]
      expect(pointers.length).toBeGreaterThan(100)
      for (const pointer of pointers) expect(() => compile(ajv, pointer), pointer).not.toThrow()
      expect(() => ajv.compile({ type: 'string', nonsense: true })).toThrow()
    })

    it('describes the service and its server, with defaults and overrides', () => {
      const doc = buildDocument()
      expect(doc.openapi).toBe('3.1.0')
      expect(doc.info).toMatchObject({ title: 'restapi-mock', version: '0.1.0' })
      expect(doc.info.description).toContain('ServiceStack /RestApi')
      for (const format of formats) expect(doc.info.description).toContain(format.toUpperCase())
      expect(doc.servers).toEqual([{ url: '/' }])

      const own = createOpenApiDocument({
        operations,
        basePath: 'api/',
        serverUrl: 'http://localhost:3000',
        title: 'Own',
        version: '9.9.9',
      })
      expect(own.info).toMatchObject({ title: 'Own', version: '9.9.9' })
      expect(own.servers).toEqual([{ url: 'http://localhost:3000' }])
      expect(Object.keys(own.paths)).toEqual(operations.map((op) => `/api${op.route}`))
    })
  })
}

function describePaths({ operations, focus, buildDocument }: CheckInput): void {
  describe('paths', () => {
    it('has one path and method per operation, named after the request DTO', () => {
      const doc = buildDocument()
      expect(Object.keys(doc.paths)).toEqual(operations.map((op) => `${basePath}${op.route}`))
      for (const operation of operations) {
        const item = doc.paths[`${basePath}${operation.route}`] ?? {}
        expect(Object.keys(item)).toEqual([operation.method.toLowerCase()])
        expect(operationOf(doc, operation)).toMatchObject({
          operationId: operation.requestDto.name,
          summary: operation.summary,
        })
      }
    })

    it.each(focus.filter((op) => op.route.includes('{')))(
      'declares each path variable of $method $route as a required string with an example',
      (operation) => {
        const names = Array.from(operation.route.matchAll(/\{([^}]+)\}/g), (m) => m[1])
        const inPath = operationOf(buildDocument(), operation).parameters.filter(
          (p: any) => p.in === 'path',
        )
        expect(inPath.map((p: any) => p.name)).toEqual(names)
        for (const parameter of inPath) {
          expect(parameter).toMatchObject({ required: true, schema: { type: 'string' } })
          expect(parameter.example).toEqual(expect.any(String))
        }
      },
    )

    it.each(focus)('offers format, callback and jsconfig on $method $route', (operation) => {
      const query = operationOf(buildDocument(), operation).parameters.filter(
        (p: any) => p.in === 'query',
      )
      expect(query.map((p: any) => p.name)).toEqual(['format', 'callback', 'jsconfig'])
      expect(query[0].schema).toEqual({ type: 'string', enum: [...formats] })
    })

    it.each(focus)('reads $method $route bodies in every readable format', (operation) => {
      const body = operationOf(buildDocument(), operation).requestBody
      const readable = formats.filter((format) => codecs[format].read).map((f) => mimeTypes[f])
      expect(Object.keys(body.content)).toEqual([...readable, formMime])
      expect(Object.keys(body.content)).toEqual(
        expect.arrayContaining([
          'application/json',
          'application/xml',
          'application/jsv',
          'text/csv',
        ]),
      )
      const ref = refOf(operation.requestDto)
      for (const media of Object.values<any>(body.content)) {
        expect(media.schema.$ref ?? media.schema.contentSchema.$ref).toBe(ref)
      }
      expect(body.required).toBe(false)
    })

    it.each(focus)('answers $method $route in every format', (operation) => {
      const ok = operationOf(buildDocument(), operation).responses['200']
      const ref = refOf(operation.responseDto)
      for (const format of formats) expect(ok.content).toHaveProperty([mimeTypes[format]])
      expect(ok.content['application/json'].schema).toEqual({ $ref: ref })
      expect(ok.content['application/xml'].schema).toEqual({ $ref: ref })
      for (const mime of ['application/jsv', 'text/csv']) {
        expect(ok.content[mime].schema).toMatchObject({
          type: 'string',
          contentMediaType: mime,
          contentSchema: { $ref: ref },
        })
      }
      expect(ok.content['text/html'].schema).toMatchObject({ type: 'string' })
      expect(ok.content['text/html'].schema.description).toEqual(expect.any(String))
      expect(ok.headers['X-Mock-Warning'].schema).toEqual({ type: 'string' })
    })

    it.each(focus)('answers $method $route errors with ErrorResponse', (operation) => {
      const { responses } = operationOf(buildDocument(), operation)
      expect(Object.keys(responses)).toEqual(['200', ...errorStatuses])
      for (const status of errorStatuses) {
        expect(responses[status].description).toEqual(expect.any(String))
        expect(responses[status].content['application/json'].schema).toEqual({
          $ref: refOf(ErrorResponse),
        })
        for (const format of formats)
          expect(responses[status].content).toHaveProperty([mimeTypes[format]])
      }
    })

    it("describes each error status by the operation's own text, else by the general one", () => {
      const doc = buildDocument()
      for (const status of errorStatuses) {
        const own = operations.filter((op) => op.errors[status as '404'] !== undefined)
        const general = operations.filter((op) => op.errors[status as '404'] === undefined)
        for (const op of own)
          expect(operationOf(doc, op).responses[status].description).toBe(
            op.errors[status as '404'],
          )
        // The general text is one for all, and none of the operations' own texts.
        const texts = new Set(
          general.map((op) => operationOf(doc, op).responses[status].description),
        )
        expect(texts.size).toBeLessThanOrEqual(1)
        for (const op of own) expect(texts.has(op.errors[status as '404'])).toBe(false)
      }
    })
  })
}

/** A value of the field's kind, and (where one exists) a value of another kind. */
function samples(type: FieldType): { good: unknown; bad?: unknown } {
  switch (type.kind) {
    case 'string':
      return { good: 'text', bad: 12 }
    case 'int':
      return { good: 42, bad: 1.5 }
    case 'decimal':
      return { good: 4.25, bad: '4.25' }
    case 'bool':
      return { good: true, bad: 'True' }
    case 'date':
      return { good: '/Date(1775001600000)/', bad: 1775001600000 }
    case 'guid':
      return { good: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', bad: 'not-a-guid' }
    case 'any':
      return { good: { any: ['shape'] } }
    case 'enum':
      return { good: type.values[0], bad: 'NoSuchValue' }
    case 'object':
      return { good: {}, bad: 'text' }
    case 'list':
      return { good: [samples(type.item).good], bad: {} }
  }
}

function describeSchemas({ operations, focus, buildDocument }: CheckInput): void {
  const reachable = reachableDtos(operations)
  // The per-DTO checks, for the DTOs the focused operations reach.
  const focused = reachableDtos(focus)
  describe('component schemas', () => {
    it('has one schema per reachable DTO, the error DTOs included, and no other', () => {
      const names = Object.keys(buildDocument().components.schemas)
      expect(names.toSorted()).toEqual(reachable.map((def) => def.name).toSorted())
      expect(names).toEqual(
        expect.arrayContaining(
          [ErrorResponse, ResponseStatus, ResponseError].map((def) => def.name),
        ),
      )
    })

    it.each(focused.map((def) => [def.name, def] as const))(
      'lists the %s members in declaration order',
      (name, def) => {
        const schema = buildDocument().components.schemas[name]
        expect(schema?.type).toBe('object')
        expect(Object.keys(schema?.properties ?? {})).toEqual(
          def.entries.map((entry) => entry.name),
        )
        expect(schema).not.toHaveProperty('required')
      },
    )

    it('ends a recursive DTO in a $ref to itself', () => {
      const doc = buildDocument()
      const recursive = reachable.flatMap((def) =>
        def.entries
          .filter((entry) => dtosIn(entry.spec.type).includes(def))
          .map((entry) => [def, entry.name] as const),
      )
      expect(recursive.length).toBeGreaterThan(0)
      for (const [def, field] of recursive) {
        const property = doc.components.schemas[def.name]?.properties?.[field]
        expect(JSON.stringify(property)).toContain(`"$ref":"${refOf(def)}"`)
      }
    })

    const fields = focused.flatMap((def) =>
      def.entries.map((entry) => [`${def.name}.${entry.name}`, def, entry] as const),
    )
    const anyFields = fields.filter(([, , entry]) => entry.spec.type.kind === 'any')
    const typedFields = fields.filter(([, , entry]) => entry.spec.type.kind !== 'any')

    function validatorOf(def: DtoDef, entry: DtoDef['entries'][number]): ValidateFunction {
      const ajv = schemaEngine(buildDocument())
      return compile(ajv, `#/components/schemas/${def.name}/properties/${entry.name}`)
    }

    it.each(typedFields)('types %s from its field table', (_, def, entry) => {
      const validate = validatorOf(def, entry)
      const { good, bad } = samples(entry.spec.type)
      expect(validate(good)).toBe(true)
      expect(validate(bad)).toBe(false)
      expect(validate(null)).toBe(entry.spec.nullable)
    })

    it.each(anyFields)('types %s from its field table: any value, null too', (_, def, entry) => {
      const validate = validatorOf(def, entry)
      expect(validate(samples(entry.spec.type).good)).toBe(true)
      expect(validate(null)).toBe(true)
    })
  })
}

function describeAnswers({ operations, focus, buildDocument }: CheckInput): void {
  describe('real answers conform to the schemas', () => {
    it.each(focus)('answers $method $route as its response schema says', async (operation) => {
      const doc = buildDocument()
      const store = createStore({ seed: 1 })
      const response = await sendTo(
        { operations, store },
        {
          url: urlOf(doc, operation),
          method: operation.method,
          // The operation's own example: a request it answers with 200 on the seeded state.
          body: operation.example.sample(store).request,
        },
      )
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/^application\/json/)
      const body: unknown = await response.json()

      const validate = compile(schemaEngine(doc, { closed: true }), refOf(operation.responseDto))
      validate(body)
      expect(validate.errors ?? []).toEqual([])
    })

    it.each(focus)('answers $method $route errors as ErrorResponse says', async (operation) => {
      const doc = buildDocument()
      const store = createStore({ seed: 1 })
      const response = await sendTo(
        { operations, store },
        { url: urlOf(doc, operation), method: operation.method, body: '{not json' },
      )
      expect(response.status).toBe(400)
      const validate = compile(schemaEngine(doc, { closed: true }), refOf(ErrorResponse))
      validate(await response.json())
      expect(validate.errors ?? []).toEqual([])
    })
  })
}
