import type { CommentStatus, DtoValue } from '../model/index.ts'
import { stateCollections } from '../control/index.ts'
import { hashText } from '../../seeds/index.ts'
import { collectionKeys, type EntityFactory, type Store, type StoreState } from '../store/index.ts'
import { bindDto, defaultWriteOptions, ServiceError, writeJson } from '../wire/index.ts'
import { checkFixture, unknownCollections, unknownCollectionsReason } from './fixture-checks.ts'

type Collection = (typeof stateCollections)[number]

/**
 * Entities to put into the store, in the shape of `/__mock/state`, each partial: what is left
 * out is filled from the seed, as the seeds fill it. Field names are checked by the compiler.
 * @example mock.fixtures({ Comments: [{ Key: 'spam-1', Status: 'Spam' }] })
 */
export type Fixtures = {
  readonly [C in Collection as C['name']]?: readonly FixtureEntity<C['name'], C['dto']>[]
}

/** Fields a fixture types more narrowly than its DTO: the values the operations accept. */
interface NarrowFields {
  readonly Comments: { readonly Status?: CommentStatus | null }
}

/** One partial entity of a collection, with its narrow fields. */
type FixtureEntity<N extends string, D> = N extends keyof NarrowFields
  ? Omit<Partial<DtoValue<D>>, keyof NarrowFields[N]> & NarrowFields[N]
  : Partial<DtoValue<D>>

/** A fixture document made whole: the entities to store, by collection. */
export type CompletedFixtures = { readonly [C in Collection as C['name']]: DtoValue<C['dto']>[] }

/** The field that keys each collection, and how a filler entity of it is made. */
const kinds = {
  abTests: {
    keyField: 'Id',
    make: (factory: EntityFactory, index: number) => factory.abTest(index),
  },
  services: {
    keyField: 'Route',
    make: (factory: EntityFactory, index: number) => factory.service(index),
  },
  containers: {
    keyField: 'PageId',
    make: (factory: EntityFactory, index: number) => factory.containerPage(index),
  },
  comments: {
    keyField: 'Key',
    make: (factory: EntityFactory, index: number) => factory.comment(index),
  },
  pages: {
    keyField: 'Id',
    make: (factory: EntityFactory, index: number) => factory.page(index),
  },
} as const satisfies Record<keyof StoreState, unknown>

/** Filler entities are made past any seeded index, so they never repeat a seeded entity. */
const fillerIndexBase = 2 ** 31

/**
 * Completes a fixture document, or the `ServiceError` naming the first field that does not
 * bind (`Comments[0].Rating`) or the entity without its key. Nothing is stored either way.
 */
export function completeFixtures(
  document: unknown,
  store: Store,
  now: Date,
): CompletedFixtures | ServiceError {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    return refuse(
      'SerializationException',
      'the body must be an object of collections, as /__mock/state',
    )
  }
  const record = document as Record<string, unknown>
  // Names are exact, as /__mock/state writes them: a misspelt one would store nothing, silently.
  const unknown = unknownCollections(record)
  if (unknown.length > 0) {
    return refuse('ArgumentException', unknownCollectionsReason(unknown), unknown[0])
  }
  const completed: Record<string, object[]> = {}
  for (const { name, key, dto } of stateCollections) {
    const list = record[name] ?? []
    if (!Array.isArray(list)) return refuse('SerializationException', `'${name}' must be a list`)
    const { keyField, make } = kinds[key]
    completed[name] = []
    for (const [index, item] of list.entries()) {
      const where = `${name}[${index}]`
      if (typeof item !== 'object' || item === null || Array.isArray(item)) {
        return refuse('SerializationException', `${where} must be an object`)
      }
      const bound = bindDto(dto, item as Record<string, never>, now)
      const issue = bound.issues[0]
      if (issue) {
        return refuse(
          'SerializationException',
          `${where}.${issue.path}: '${issue.value}' is not a valid ${issue.expected}`,
          `${where}.${issue.path}`,
        )
      }
      const keyValue = bound.value[keyField]
      if (typeof keyValue !== 'string' || keyValue.trim() === '') {
        return refuse(
          'ArgumentException',
          `${where}.${keyField} is required`,
          `${where}.${keyField}`,
        )
      }
      // What the operation would refuse, fixtures refuse: the data is then what the API makes.
      const problem = checkFixture(key, bound.value)
      if (problem) {
        const field = `${where}.${problem.field}`
        return refuse('ArgumentException', `${field}${problem.reason}`, field)
      }
      // The same key gets the same filler: what the fixture leaves out is deterministic.
      const filler = make(
        store.factory,
        fillerIndexBase + (hashText(keyValue.toLowerCase())[0] % 2 ** 30),
      )
      completed[name].push({ ...filler, ...bound.value })
    }
  }
  return completed as CompletedFixtures
}

/**
 * Stores completed fixtures; an entity whose key is stored already is replaced. Throws
 * `StateFullError`, storing none of them, when they would take the state past its limit.
 */
export function storeFixtures(store: Store, fixtures: CompletedFixtures): void {
  store.checkRoom(fixtureWrites(fixtures))
  for (const { name, key } of stateCollections) {
    const collection = store.state[key] as Map<string, object>
    const keyOf = collectionKeys[key] as (value: object) => string
    for (const entity of fixtures[name]) collection.set(keyOf(entity), entity)
  }
  store.changed()
}

function* fixtureWrites(
  fixtures: CompletedFixtures,
): Generator<readonly [keyof StoreState, string, object]> {
  for (const { name, key } of stateCollections) {
    const keyOf = collectionKeys[key] as (value: object) => string
    for (const entity of fixtures[name]) yield [key, keyOf(entity), entity]
  }
}

function refuse(errorCode: string, reason: string, field?: string): ServiceError {
  const errors = field ? [{ FieldName: field, Message: reason }] : []
  return new ServiceError(400, errorCode, `Failed to store the fixtures: ${reason}`, { errors })
}

/** The completed fixtures as JSON, in the `/__mock/state` shape and wire form. */
export function fixturesJson(fixtures: CompletedFixtures): string {
  const collections = stateCollections.map(({ name, dto }) => {
    const values = fixtures[name].map((value) => writeJson(dto, value, defaultWriteOptions))
    return `"${name}":[${values.join(',')}]`
  })
  return `{${collections.join(',')}}`
}

/** Completes and stores fixtures in code; a wrong field throws, and nothing is stored. */
export function applyFixtures(store: Store, fixtures: Fixtures, now: Date): CompletedFixtures {
  const completed = completeFixtures(fixtures, store, now)
  if (completed instanceof ServiceError) throw new Error(completed.message)
  storeFixtures(store, completed)
  return completed
}
