import { stateCollections } from '../../../control/index.ts'
import { isSecretName, redactedText } from '../../../control/redact/index.ts'
import type { DtoDef } from '../../../model/index.ts'
import {
  defaultLimits,
  formatOfContentType,
  readJsv,
  type MockConfig,
  type Operation,
} from '../../../wire/index.ts'
import { readCsv, readXml } from '../../../wire/formats/index.ts'
import type { Fixtures } from '../../../mock/index.ts'

/** `ABTests`, `Services`, `Containers` or `Comments`. */
export type CollectionName = (typeof stateCollections)[number]['name']

/** One entity a recorded body shows: its collection, and its fields as the wire gave them. */
export interface RecordedEntity {
  readonly collection: CollectionName
  readonly fields: Record<string, unknown>
}

/** The collection whose entities are of this DTO, if one is. */
export function collectionOf(dto: DtoDef): CollectionName | undefined {
  return stateCollections.find((collection) => collection.dto === dto)?.name
}

/**
 * The entity a body shows, read in its format by the mock's own readers: an answer of an
 * operation whose response DTO is a collection's (the stored comment, the stored service), or a
 * request whose request DTO is. Values the recorder redacted are left out, so the seed fills
 * them. In an answer, a nullable field the body does not hold is null: ServiceStack leaves
 * nulls out of JSON (servicestack-wire.md 6.1), and the seed must not fill in what the CMS
 * does not have. Undefined when the body shows no entity (an error, a page, another type).
 */
export function recordedEntity(input: {
  readonly text: string
  readonly contentType: string
  readonly dto: DtoDef
  readonly answer: boolean
  readonly config: Pick<MockConfig, 'xmlNamespaces'>
}): RecordedEntity | undefined {
  const { text, contentType, dto, answer, config } = input
  const collection = collectionOf(dto)
  if (collection === undefined) return undefined
  const tree = readTree(text, contentType, dto, config)
  if (typeof tree !== 'object' || tree === null || Array.isArray(tree)) return undefined
  if (Object.keys(tree).some((name) => name.toLowerCase() === 'responsestatus')) return undefined
  let fields: Record<string, unknown>
  try {
    fields = withoutRedacted(tree) as Record<string, unknown>
  } catch {
    // Nested past the stack (a hostile recording): no entity to read.
    return undefined
  }
  if (answer) {
    // A value left out as a secret is unknown, not null: the seed fills it.
    const present = new Set(Object.keys(tree).map((name) => name.toLowerCase()))
    for (const [name, spec] of Object.entries(dto.fields)) {
      if (spec.nullable && !present.has(name.toLowerCase())) fields[name] = null
    }
  }
  return { collection, fields }
}

function readTree(
  text: string,
  contentType: string,
  dto: DtoDef,
  config: Pick<MockConfig, 'xmlNamespaces'>,
): unknown {
  try {
    switch (formatOfContentType(contentType)) {
      case 'json':
        return JSON.parse(text) as unknown
      case 'xml':
        return readXml(text, dto, {
          limits: defaultLimits,
          xmlNamespaces: config.xmlNamespaces,
          warn: () => {},
        })
      case 'jsv':
        return readJsv(text, defaultLimits)
      case 'csv':
        return readCsv(text, dto, defaultLimits)
      default:
        return undefined
    }
  } catch {
    return undefined
  }
}

/**
 * The tree without the values the recorder redacted (`<redacted>`) and without the members it
 * would redact (secret names: secret-names.ts), at any depth: left out, the seed fills them.
 */
function withoutRedacted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutRedacted)
  if (typeof value !== 'object' || value === null) return value
  const out: Record<string, unknown> = {}
  for (const [name, member] of Object.entries(value)) {
    if (member === redactedText || isSecretName(name)) continue
    // An own data property: a `__proto__` name never reaches a prototype.
    Object.defineProperty(out, name, {
      value: withoutRedacted(member),
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return out
}

/** Entities as a fixture document, in the `/__mock/state` shape. */
export function fixturesOf(entities: readonly RecordedEntity[]): Fixtures {
  const document: Record<string, Record<string, unknown>[]> = {}
  for (const { collection, fields } of entities) (document[collection] ??= []).push(fields)
  return document as Fixtures
}

/** The operation's DTOs that are a collection's: what its answer or its request may show. */
export function entityDtos(operation: Operation): { answer?: DtoDef; request?: DtoDef } {
  return {
    ...(collectionOf(operation.responseDto) ? { answer: operation.responseDto } : {}),
    ...(collectionOf(operation.requestDto) ? { request: operation.requestDto } : {}),
  }
}

/** A recorded message's content type: its header, else HAR's `mimeType`. */
export function contentTypeOf(
  headers: readonly { readonly name: string; readonly value: string }[],
  mimeType: string | undefined,
): string {
  return headers.find(({ name }) => name.toLowerCase() === 'content-type')?.value ?? mimeType ?? ''
}
