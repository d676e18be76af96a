import { stateCollections } from '../../../control/index.ts'
import { collectionKeys, type Store, type StoreState } from '../../../store/index.ts'
import type { DtoDef } from '../../../model/index.ts'
import {
  bindDto,
  ServiceError,
  type MockConfigOptions,
  type Operation,
} from '../../../wire/index.ts'
import { withImplied } from './implied-entities.ts'
import { completeFixtures, createStore } from '../../../mock/index.ts'
import type { Har, HarEntry } from '../../../mock/replay/index.ts'
import {
  entityDtos,
  fixturesOf,
  contentTypeOf,
  recordedEntity,
  type CollectionName,
  type RecordedEntity,
} from './recorded-entities.ts'
import { operationFinder, type OperationFinder } from './served-operation.ts'
import { noEntities } from '../../../store/index.ts'
import { recordedView } from './recorded-view.ts'

export interface ImportOptions {
  readonly operations: readonly Operation[]
  /** `basePath` and `xmlNamespaces`, as the mock is run. */
  readonly config?: MockConfigOptions
}

/** What a recording showed: the entities, and each entry left out with the reason. */
export interface ImportedRecording {
  /** In the `/__mock/state` shape: a `--data` file, or a scenario's `fixtures`. */
  readonly document: Readonly<Record<CollectionName, readonly Record<string, unknown>[]>>
  readonly leftOut: readonly { readonly entry: number; readonly reason: string }[]
}

/**
 * The entities a recording shows, for a `--data` file or a scenario: the answer of each
 * exchange one of the operations served with a 2xx (the stored comment, the stored service),
 * else its request where the request DTO is a collection's. The last answer for a key wins.
 * Values the recorder redacted, and members of secret names (as it redacts them), are left
 * out, so the seed fills them; every entity is checked as `--data` will check it.
 * @example const { document } = importRecording(har, { operations })
 */
export function importRecording(har: Har, options: ImportOptions): ImportedRecording {
  const config = options.config ?? {}
  const run: ImportRun = {
    find: operationFinder(options.operations, config.basePath ?? '/RestApi'),
    store: createStore({ counts: noEntities }),
    xml: { xmlNamespaces: config.xmlNamespaces ?? {} },
    kept: new Map(),
    collectionOfKey: new Map(),
    now: new Date(),
    leftOut: [],
  }
  har.log.entries.forEach((entry, index) => importEntry(run, entry, index))
  return { document: documentOf(run), leftOut: run.leftOut }
}

/** One import under way: how entries are read, and what they showed so far. */
interface ImportRun {
  readonly find: OperationFinder
  /** An empty store, against which the fixtures are completed and checked. */
  readonly store: Store
  readonly xml: { readonly xmlNamespaces: Readonly<Record<string, string>> }
  /** Each entity's fields by `collection\nkey`, the last shown winning. */
  readonly kept: Map<string, Record<string, unknown>>
  readonly collectionOfKey: Map<string, CollectionName>
  readonly now: Date
  readonly leftOut: { entry: number; reason: string }[]
}

function importEntry(run: ImportRun, entry: HarEntry, index: number): void {
  const operation = run.find(entry)
  const { status } = entry.response
  if (operation === undefined || status < 200 || status >= 300) return
  const dtos = entityDtos(operation)
  const entity = answerEntity(run, entry, dtos) ?? requestEntity(run, entry, dtos)
  if (entity === undefined) {
    if (dtos.answer || dtos.request)
      run.leftOut.push({ entry: index, reason: 'its answer and request show no entity that reads' })
    return
  }
  const entities = withImplied(entity)
  const completed = completeFixtures(fixturesOf(entities), run.store, run.now)
  if (completed instanceof ServiceError) {
    run.leftOut.push({ entry: index, reason: completed.message })
    return
  }
  for (const one of entities) keepEntity(run, { one, shown: entity, completed })
}

type EntityDtos = ReturnType<typeof entityDtos>

function answerEntity(
  run: ImportRun,
  entry: HarEntry,
  dtos: EntityDtos,
): RecordedEntity | undefined {
  const answer = recordedView(entry).body
  if (!dtos.answer || answer === null) return undefined
  return recordedEntity({
    text: answer,
    contentType: contentTypeOf(entry.response.headers, entry.response.content.mimeType),
    dto: dtos.answer,
    answer: true,
    config: run.xml,
  })
}

function requestEntity(
  run: ImportRun,
  entry: HarEntry,
  dtos: EntityDtos,
): RecordedEntity | undefined {
  const postData = entry.request.postData
  if (!dtos.request || postData?.text === undefined || postData.encoding === 'base64') {
    return undefined
  }
  return recordedEntity({
    text: postData.text,
    contentType: contentTypeOf(entry.request.headers, postData.mimeType),
    dto: dtos.request,
    answer: false,
    config: run.xml,
  })
}

/** One entity of an entry (the one it showed, or one implied), kept by its key as bound. */
function keepEntity(
  run: ImportRun,
  entities: { one: RecordedEntity; shown: RecordedEntity; completed: object },
): void {
  const { one, shown, completed } = entities
  const { key, dto } = collectionNamed(one.collection)
  const stored = (completed as Record<string, readonly object[]>)[one.collection]?.find(
    (candidate) => candidate !== undefined,
  )
  const id = (collectionKeys[key] as (value: object) => string)(stored as object)
  // Bound, the values take their types (`"true"` from XML is `true`); nulls stay null.
  const bound = bindDto(dto, one.fields as Parameters<typeof bindDto>[1], run.now).value
  // In the DTO's field order, as the mock writes the entity.
  const fields = Object.fromEntries(
    Object.keys(dto.fields).flatMap((name) => (name in bound ? [[name, bound[name]]] : [])),
  )
  const at = `${one.collection}\n${id}`
  // An implied entity (a page) does not replace what an answer of its own showed.
  if (one !== shown && run.kept.has(at)) return
  run.kept.set(at, fields)
  run.collectionOfKey.set(at, one.collection)
}

function documentOf(run: ImportRun): ImportedRecording['document'] {
  return Object.fromEntries(
    stateCollections.map(({ name }) => [
      name,
      [...run.kept]
        .filter(([at]) => run.collectionOfKey.get(at) === name)
        .map(([, fields]) => fields),
    ]),
  ) as Record<CollectionName, Record<string, unknown>[]>
}

function collectionNamed(name: CollectionName): { key: keyof StoreState; dto: DtoDef } {
  const collection = stateCollections.find((candidate) => candidate.name === name)
  if (collection === undefined) throw new Error(`no collection named ${name}`)
  return collection
}

/** An import's entities one by one, as fixtures take them. */
export function recordingEntities(imported: ImportedRecording): RecordedEntity[] {
  return Object.entries(imported.document).flatMap(([collection, list]) =>
    // As the written file holds them: dates in their text.
    list.map((fields) => ({
      collection: collection as CollectionName,
      fields: JSON.parse(JSON.stringify(fields)) as Record<string, unknown>,
    })),
  )
}
